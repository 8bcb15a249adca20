import type { DspExports } from "../../worklets/dsp-abi.ts";
import { DSP_ABI } from "../../worklets/dsp-abi.ts";
import { instantiateDsp } from "../../worklets/dsp-instance.ts";
import {
  SHARED_LOAD_BATCHES,
  SHARED_PLAYING,
  SHARED_POSITION,
  SHARED_TIMELINE_OFFSET,
} from "../../worklets/engine-shared-state.ts";
import type { StudioProjectState } from "../shared/project/index.ts";
import { type Beats, seconds } from "../shared/time.ts";
import { beatsToSeconds, createTempoMap, secondsToBeats } from "../shared/timing/tempo-map.ts";
import { averageLoad, quantumBudgetMicros } from "./dsp-load.ts";
import { loadDspModule } from "./dsp-module.ts";
import { createEngineNode, type EngineNode } from "./engine-node.ts";
import type { SourceAudio } from "./project-render.ts";
import { ProjectSession } from "./project-session.ts";
import { resamplePcm } from "./resample-pcm.ts";

/** Load batches (64 quanta, about 170 ms each) the DSP load meter averages. */
const LOAD_AVERAGE_BATCHES = 2;

export interface Playhead {
  readonly playing: boolean;
  /** Where the listener is, after the device's output latency. */
  readonly beats: Beats;
}

export interface TrackLevels {
  readonly peakLeft: number;
  readonly peakRight: number;
  readonly rmsLeft: number;
  readonly rmsRight: number;
}

/**
 * The engine in a realtime AudioContext: the page's one way to play a project.
 * The project state stays the single source of truth on the main thread;
 * update() turns each new state into the few patches the engine needs, and
 * the playhead and meters are read from shared memory, never from messages.
 */
export class EngineHost {
  private readonly session: ProjectSession;
  private tempo = createTempoMap({});

  private constructor(
    readonly context: AudioContext,
    private readonly engine: EngineNode,
    private readonly dsp: DspExports,
  ) {
    this.session = new ProjectSession(context.sampleRate);
  }

  /** The context starts suspended until resume() is called from a user gesture, as browsers require. */
  static async create(): Promise<EngineHost> {
    const context = new AudioContext({ latencyHint: "interactive" });
    const [engine, module] = await Promise.all([createEngineNode(context), loadDspModule()]);
    engine.node.connect(context.destination);
    return new EngineHost(context, engine, instantiateDsp(module));
  }

  resume(): Promise<void> {
    return this.context.resume();
  }

  /** Loads decoded audio for the clips that name this id; other rates go through the band-limited resampler. */
  loadSource(id: string, audio: SourceAudio): void {
    const pcm = resamplePcm(this.dsp, audio.channels, audio.sampleRate, this.context.sampleRate);
    this.engine.send([this.session.loadSource(id, pcm)]);
  }

  /** Decodes an audio file (any format the browser reads) and loads it. */
  async decodeSource(id: string, file: ArrayBuffer): Promise<void> {
    const buffer = await this.context.decodeAudioData(file);
    const channels = Array.from({ length: Math.min(2, buffer.numberOfChannels) }, (_, c) =>
      buffer.getChannelData(c),
    );
    this.loadSource(id, { sampleRate: buffer.sampleRate, channels });
  }

  /** Plays this state from now on; a state that cannot play throws and the last good one keeps playing. */
  update(state: StudioProjectState): void {
    const patches = this.session.update(state);
    this.tempo = createTempoMap(state.timing);
    if (patches.length > 0) this.engine.send(patches);
  }

  play(): void {
    this.engine.send([{ op: "play" }]);
  }

  stop(): void {
    this.engine.send([{ op: "stop" }]);
  }

  seek(position: Beats): void {
    const frame = Math.round(beatsToSeconds(this.tempo, position) * this.context.sampleRate);
    this.engine.send([{ op: "seek", frame }]);
  }

  /** Read on animation frames: shared memory, no messages, no allocation beyond the result. */
  playhead(): Playhead {
    const header = this.engine.shared.header;
    const latency = this.context.baseLatency + (this.context.outputLatency || 0);
    const heard = Math.max(
      0,
      header[SHARED_POSITION] / this.context.sampleRate - (header[SHARED_PLAYING] ? latency : 0),
    );
    return { playing: header[SHARED_PLAYING] === 1, beats: secondsToBeats(this.tempo, seconds(heard)) };
  }

  /**
   * While playing: the timeline frame heard at context frame 0 (timeline = context frame + this),
   * constant until the transport jumps. Null while stopped.
   */
  timelineOffset(): number | null {
    const header = this.engine.shared.header;
    return header[SHARED_PLAYING] === 1 ? header[SHARED_TIMELINE_OFFSET] : null;
  }

  /** A track's levels (linear), or the master's when no track id is given. */
  levels(trackId?: string): TrackLevels | null {
    const slot = trackId === undefined ? DSP_ABI.maxTracks : this.session.trackSlot(trackId);
    if (slot === undefined) return null;
    const at = slot * DSP_ABI.meterFloats;
    const meters = this.engine.shared.meters;
    return {
      peakLeft: meters[at],
      peakRight: meters[at + 1],
      rmsLeft: meters[at + 2],
      rmsRight: meters[at + 3],
    };
  }

  /** The engine's time per quantum over the last ~300 ms, as a fraction of the real-time budget. */
  load(): number {
    const { header, quantumCosts } = this.engine.shared;
    return averageLoad(
      quantumCosts,
      header[SHARED_LOAD_BATCHES],
      LOAD_AVERAGE_BATCHES,
      quantumBudgetMicros(this.context.sampleRate),
    );
  }

  async close(): Promise<void> {
    this.engine.node.disconnect();
    await this.context.close();
  }
}
