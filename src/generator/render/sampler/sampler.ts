// The sampled parts of one stem, played front to back in blocks: each note starts its zones'
// voices exactly at its frame, a mono part's note stops the previous one (one player), a drum
// hit rings its sample out (General MIDI kits ignore note lengths) and chokes its exclusive class
// (a closed hi-hat stops the open one). Voices past MAX_VOICES steal the oldest, releasing ones
// first. Rendering depends only on the notes, never on where the blocks end.

import { SampleVoice } from "./sample-voice.ts";
import type { SoundFont } from "./sound-font.ts";

export interface SampledInstrument {
  /** General MIDI program, or a General MIDI drum kit when `drums`. */
  readonly program: number;
  readonly drums: boolean;
  readonly gain: number;
  readonly pan: number;
  /** One note at a time: each note lets the previous one go. */
  readonly mono: boolean;
  /** A gain per key (a kit's drums levelled one by one); absent, every key plays at `gain`. */
  readonly keyGains?: Float32Array;
}

export interface SampledNote {
  readonly start: number;
  readonly length: number;
  /** MIDI pitch; fractions detune the nearest key. */
  readonly pitch: number;
  /** 0..1 */
  readonly velocity: number;
  readonly instrument: number;
}

/** More than a pianist's sustained chords and a drummer's cymbals need at once. */
const MAX_VOICES = 64;
/** How long a drum hit may ring before it lets go. */
const DRUM_RING_SECONDS = 2;

export class Sampler {
  private readonly voices: SampleVoice[] = [];
  private nextNote = 0;
  private position = 0;
  private started = 0;

  /** `notes` sorted by start frame. */
  constructor(
    private readonly font: SoundFont,
    private readonly rate: number,
    private readonly instruments: readonly SampledInstrument[],
    private readonly notes: readonly SampledNote[],
  ) {}

  /** Writes the next `frames` frames over left and right (which hold at least that many). */
  render(left: Float32Array, right: Float32Array, frames: number): void {
    left.fill(0, 0, frames);
    right.fill(0, 0, frames);
    const end = this.position + frames;
    let segment = this.position;
    while (segment < end) {
      let next = end;
      if (this.nextNote < this.notes.length)
        next = Math.min(next, Math.max(segment, this.notes[this.nextNote].start));
      if (next > segment) this.renderVoices(left, right, segment - this.position, next - segment);
      segment = next;
      while (
        this.nextNote < this.notes.length &&
        this.notes[this.nextNote].start <= segment &&
        segment < end
      ) {
        this.startNote(this.notes[this.nextNote]);
        this.nextNote++;
      }
    }
    this.position = end;
  }

  private renderVoices(left: Float32Array, right: Float32Array, offset: number, frames: number): void {
    for (const voice of this.voices) voice.render(left, right, offset, frames);
    for (let i = this.voices.length - 1; i >= 0; i--) if (this.voices[i].done) this.voices.splice(i, 1);
  }

  private startNote(note: SampledNote): void {
    const instrument = this.instruments[note.instrument];
    if (!instrument) return;
    const key = Math.min(127, Math.max(0, Math.round(note.pitch)));
    const velocity = Number.isFinite(note.velocity)
      ? Math.min(127, Math.max(1, Math.round(note.velocity * 127)))
      : 1;
    const zones = this.font.noteZones(instrument.program, instrument.drums, key, velocity);
    if (instrument.mono) {
      // The player's hand stops the sounding string (or breath) as the next note starts.
      for (const voice of this.voices) if (voice.instrument === note.instrument) voice.choke(this.rate);
    }
    for (const zone of zones) {
      if (zone.setup.exclusiveClass !== 0) {
        for (const voice of this.voices) {
          if (voice.instrument === note.instrument && voice.exclusiveClass === zone.setup.exclusiveClass) {
            voice.choke(this.rate);
          }
        }
      }
    }
    const length = instrument.drums ? Math.round(DRUM_RING_SECONDS * this.rate) : note.length;
    const gain = instrument.gain * (instrument.keyGains?.[key] ?? 1);
    for (const zone of zones) {
      if (this.voices.length >= MAX_VOICES) this.steal();
      this.voices.push(
        new SampleVoice(
          zone.data,
          zone.setup,
          this.rate,
          note.pitch - key,
          gain,
          instrument.pan,
          length,
          note.instrument,
          this.started++,
        ),
      );
    }
  }

  /** Drops the oldest releasing voice, else the oldest. */
  private steal(): void {
    let victim = this.voices.findIndex((voice) => voice.releasing);
    if (victim < 0) victim = 0;
    this.voices.splice(victim, 1);
  }
}
