// A take as it is recorded: the blocks drained from the ring after recording began, the amplitude
// of every 10 ms of it for the live waveform, and at the end the samples placed on the timeline
// where they were heard.

import type { RingRead } from "../../engine/recording/index.ts";
import { placeTake } from "../../engine/recording/index.ts";
import { seconds } from "../../shared/time.ts";
import { secondsToBeats, type TempoMap } from "../../shared/timing/tempo-map.ts";

/** The live waveform's resolution: one amplitude per 10 ms of input. */
export const AMPLITUDE_SECONDS = 0.01;

/** One amplitude sample of a take: its span on the timeline, in beats, and its peak. */
export type TakeAmplitude = readonly [startBeats: number, endBeats: number, peak: number];

export interface TakeTiming {
  readonly sampleRate: number;
  /** The context frame of the ring's index 0. */
  readonly ringStartFrame: number;
  /** Timeline frame = context frame + this, while the take plays on. */
  readonly timelineOffset: number;
  readonly roundTripFrames: number;
  readonly tempo: TempoMap;
}

export interface FinishedTake {
  readonly startBeats: number;
  readonly samples: Float32Array;
}

export class TakeCollector {
  private readonly blocks: Float32Array[] = [];
  private frames = 0;
  private firstIndex: number | null = null;
  private readonly window: number;
  /** Peak of the amplitude window being filled, and how far it is filled. */
  private peak = 0;
  private filled = 0;

  constructor(private readonly timing: TakeTiming) {
    this.window = Math.max(1, Math.round(AMPLITUDE_SECONDS * timing.sampleRate));
  }

  get lengthFrames(): number {
    return this.frames;
  }

  private beatsAtTakeFrame(frame: number): number {
    const { ringStartFrame, timelineOffset, roundTripFrames, sampleRate, tempo } = this.timing;
    const timeline = ringStartFrame + (this.firstIndex ?? 0) + frame + timelineOffset - roundTripFrames;
    return secondsToBeats(tempo, seconds(timeline / sampleRate));
  }

  /** Adds a block; returns the amplitudes of the 10 ms windows it completed. */
  add(read: RingRead): TakeAmplitude[] {
    if (this.firstIndex === null) this.firstIndex = read.index;
    // Lost samples (a main thread stalled for seconds) become silence, so the rest stays in time.
    if (read.lost > 0) this.append(new Float32Array(read.lost));
    return this.append(read.samples);
  }

  private append(samples: Float32Array): TakeAmplitude[] {
    if (samples.length === 0) return [];
    this.blocks.push(samples);
    const amplitudes: TakeAmplitude[] = [];
    for (let i = 0; i < samples.length; i++) {
      this.peak = Math.max(this.peak, Math.abs(samples[i]));
      if (++this.filled === this.window) {
        const end = this.frames + i + 1;
        amplitudes.push([this.beatsAtTakeFrame(end - this.window), this.beatsAtTakeFrame(end), this.peak]);
        this.peak = 0;
        this.filled = 0;
      }
    }
    this.frames += samples.length;
    return amplitudes;
  }

  /** The take's samples from where the timeline starts, and the beat they start at; null when empty. */
  finish(): FinishedTake | null {
    if (this.firstIndex === null) return null;
    const { ringStartFrame, timelineOffset, roundTripFrames, sampleRate, tempo } = this.timing;
    const span = placeTake(ringStartFrame + this.firstIndex, timelineOffset, roundTripFrames);
    if (span.skip >= this.frames) return null;
    const all = new Float32Array(this.frames);
    let at = 0;
    for (const block of this.blocks) {
      all.set(block, at);
      at += block.length;
    }
    return {
      startBeats: secondsToBeats(tempo, seconds(span.startFrame / sampleRate)),
      samples: all.subarray(span.skip),
    };
  }
}
