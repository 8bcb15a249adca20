// The DSP core's PSOLA singer (dsp/vocal) driven from the generator: one spoken word loaded and
// analysed at a time, then each of its syllables sung over its notes.
import type { DspExports } from "../../engine/node.ts";

/** How the notes are sung (see dsp/vocal/sung-pitch.ts). */
export interface SingingStyle {
  readonly glideSeconds: number;
  readonly vibratoRateHz: number;
  readonly vibratoDepthCents: number;
  readonly vibratoDelaySeconds: number;
  readonly vibratoRampSeconds: number;
  /** Notes shorter than this get no vibrato. */
  readonly vibratoMinNoteSeconds: number;
  readonly attackSeconds: number;
  readonly releaseSeconds: number;
}

/** Frames of the loaded word: the syllable [start, end), its vowel [vowelStart, vowelEnd). */
export interface SourceSpan {
  readonly start: number;
  readonly vowelStart: number;
  readonly vowelEnd: number;
  readonly end: number;
}

/** Frames from the syllable's start. */
export interface SungNote {
  readonly start: number;
  readonly end: number;
  readonly midi: number;
}

export class PsolaSinger {
  private readonly handle: number;

  constructor(
    private readonly dsp: DspExports,
    sampleRate: number,
    readonly sourceCapacity: number,
    readonly outputCapacity: number,
    readonly noteCapacity: number,
    style: SingingStyle,
  ) {
    this.handle = dsp.vocalCreate(
      sampleRate,
      Math.max(1, sourceCapacity),
      Math.max(1, outputCapacity),
      Math.max(1, noteCapacity),
    );
    if (this.handle === 0) throw new Error(`the singer cannot run at ${sampleRate} Hz`);
    dsp.vocalSetExpression(
      this.handle,
      style.glideSeconds,
      style.vibratoRateHz,
      style.vibratoDepthCents,
      style.vibratoDelaySeconds,
      style.vibratoRampSeconds,
      style.vibratoMinNoteSeconds,
      style.attackSeconds,
      style.releaseSeconds,
    );
  }

  /**
   * Takes a word with an f0 between minHz and maxHz, or of a period (frames) measured before:
   * returns its period, 0 when it has no voiced period.
   */
  load(samples: Float32Array, minHz: number, maxHz: number, period = 0): number {
    if (samples.length > this.sourceCapacity) throw new RangeError(`a word of ${samples.length} frames`);
    new Float32Array(this.dsp.memory.buffer, this.dsp.vocalSource(this.handle), samples.length).set(samples);
    const marks =
      period > 0
        ? this.dsp.vocalMark(this.handle, samples.length, period)
        : this.dsp.vocalAnalyse(this.handle, samples.length, minHz, maxHz);
    return marks > 0 ? this.dsp.vocalSourcePeriod(this.handle) : 0;
  }

  /**
   * The syllable `span` of the loaded word sung over `frames` on `notes`, gliding from the MIDI
   * pitch glideFrom (0: none); a view into wasm memory, valid until the next call.
   */
  sing(
    span: SourceSpan,
    notes: readonly SungNote[],
    glideFrom: number,
    frames: number,
    gain: number,
  ): Float32Array {
    if (notes.length > this.noteCapacity) throw new RangeError(`a syllable of ${notes.length} notes`);
    const fields = this.dsp.vocalNoteBytes() / 8;
    const buffer = new Float64Array(
      this.dsp.memory.buffer,
      this.dsp.vocalNotes(this.handle),
      notes.length * fields,
    );
    notes.forEach((note, i) => {
      buffer.set([note.start, note.end, note.midi], i * fields);
    });
    const written = this.dsp.vocalRender(
      this.handle,
      notes.length,
      glideFrom,
      Math.round(span.start),
      Math.round(span.vowelStart),
      Math.round(span.vowelEnd),
      Math.round(span.end),
      frames,
      gain,
    );
    return new Float32Array(this.dsp.memory.buffer, this.dsp.vocalOutput(this.handle), written);
  }

  destroy(): void {
    this.dsp.vocalDestroy(this.handle);
  }
}
