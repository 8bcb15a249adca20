// The instrument stems of a composed song, rendered by the DSP core (dsp/synth): each stem carries
// its own reverb and delay sends, the drums their bus compressor, bass and chords the ducking keyed
// by the kick hits, so drums + bass + chords + lead (+ vocals) is the premaster mix.

import type { DspExports } from "../../engine/node.ts";
import { beats, seconds, secondsToFrames } from "../../shared/time.ts";
import { beatsToSeconds, createTempoMap, type TempoMap } from "../../shared/timing/tempo-map.ts";
import { DRUM_KITS, PATCH_NAMES, type Score, type StemName } from "../score.ts";
import type { PcmAudio } from "../song-request.ts";
import { isSampled, stemSampler } from "./sampled-parts.ts";
import type { Sampler } from "./sampler/sampler.ts";
import { playedDrums, SectionGain, sectionLevels } from "./section-dynamics.ts";
import { DRUM_IDS, STEM_MAX_FRAMES, STEM_MAX_INSTRUMENTS, STEM_NOTE_BYTES } from "./stem-layout.ts";
import { placedPan, StemMix } from "./stem-mix.ts";

export type InstrumentStemName = Exclude<StemName, "vocals">;
export const INSTRUMENT_STEMS: readonly InstrumentStemName[] = ["drums", "bass", "chords", "lead"];

/**
 * Seconds rendered past the score's last beat, so the last notes and the reverb ring out instead of
 * stopping dead, and no longer: 0.3 s for a dry room, up to 2 s for a large wet hall.
 */
export function songTailSeconds(score: Pick<Score, "mix">): number {
  const { size, wet } = score.mix.reverb;
  const room = Math.min(1, Math.max(0, size)) * Math.min(1, Math.max(0, wet) / 0.4);
  return 0.3 + 1.7 * (Number.isFinite(room) ? room : 0);
}

/** How much of the score's reverb and delay sends each stem takes, and how deeply it ducks. */
const SENDS: Record<InstrumentStemName, { reverb: number; delay: number; duck: number }> = {
  drums: { reverb: 0.35, delay: 0, duck: 0 },
  bass: { reverb: 0, delay: 0, duck: 1 },
  chords: { reverb: 1, delay: 0.3, duck: 0.6 },
  lead: { reverb: 0.8, delay: 1, duck: 0 },
};
/**
 * Level trims per stem: patches are matched note for note (dsp/synth/patches.ts), so chords of four
 * notes would stand 6 dB over a one-note lead at equal part gains; these trims even that out.
 */
const STEM_TRIM: Record<Exclude<InstrumentStemName, "drums">, number> = { bass: 1, chords: 0.8, lead: 1.6 };
/** Drum-bus glue: catches the loudest hits only. */
const DRUM_BUS = { thresholdDb: -12, ratio: 3 };

/** Frames every stem of this score has at this rate: the score's length plus its tail (songTailSeconds). */
export function songFrames(score: Score, sampleRate: number): number {
  if (!(score.bpm > 0 && Number.isFinite(score.bpm)))
    throw new Error(`A score's tempo must be positive, not ${score.bpm}`);
  if (!(score.lengthBeats >= 0 && Number.isFinite(score.lengthBeats))) {
    throw new Error(`A score's length must be a positive number of beats, not ${score.lengthBeats}`);
  }
  const tempo = createTempoMap({ bps: score.bpm / 60 });
  return beatFrame(tempo, score.lengthBeats, sampleRate) + Math.round(songTailSeconds(score) * sampleRate);
}

function beatFrame(tempo: TempoMap, at: number, sampleRate: number): number {
  return Math.round(secondsToFrames(beatsToSeconds(tempo, beats(at)), sampleRate));
}

/** The stem's section dynamics (section-dynamics.ts) over the score's frames at this rate. */
export function songSectionGain(score: Score, sampleRate: number, stem: StemName): SectionGain {
  const tempo = createTempoMap({ bps: score.bpm / 60 });
  return new SectionGain(
    sectionLevels(score, stem),
    (at) => beatFrame(tempo, at, sampleRate),
    songFrames(score, sampleRate),
    sampleRate,
  );
}

export interface PlannedNote {
  readonly start: number;
  readonly length: number;
  readonly pitch: number;
  readonly velocity: number;
  readonly instrument: number;
}

/**
 * One stem being rendered, front to back, in blocks: the orchestrator can stream a song chunk by
 * chunk with it. Holds wasm memory until destroy().
 */
/** Writes a stem's notes into its note array and sets their count (after the setup calls, which may grow the memory). */
export function writeStemNotes(dsp: DspExports, handle: number, notes: readonly PlannedNote[]): void {
  const view = new DataView(dsp.memory.buffer, dsp.stemNotes(handle), notes.length * STEM_NOTE_BYTES);
  notes.forEach((note, i) => {
    const at = i * STEM_NOTE_BYTES;
    view.setInt32(at, note.start, true);
    view.setInt32(at + 4, note.length, true);
    view.setFloat32(at + 8, note.pitch, true);
    view.setFloat32(at + 12, note.velocity, true);
    view.setInt32(at + 16, note.instrument, true);
  });
  dsp.stemSetNoteCount(handle, notes.length);
}

export class StemRenderer {
  readonly frames: number;
  private position = 0;
  private readonly handle: number;
  /** The stem's parts that recorded instruments play, or null. */
  private readonly sampler: Sampler | null;
  private readonly mix: StemMix;
  private readonly sections: SectionGain;

  constructor(
    private readonly dsp: DspExports,
    score: Score,
    readonly stem: InstrumentStemName,
    readonly sampleRate: number,
  ) {
    if (stem === "drums") score = playedDrums(score);
    this.frames = songFrames(score, sampleRate);
    const tempo = createTempoMap({ bps: score.bpm / 60 });
    const sampledDrums = stem === "drums" && score.drums.program !== undefined;
    this.sampler = stemSampler(
      score,
      stem,
      sampleRate,
      (at) => beatFrame(tempo, at, sampleRate),
      stem === "drums" ? 1 : STEM_TRIM[stem],
    );
    const notes =
      stem === "drums"
        ? sampledDrums
          ? []
          : drumNotes(score, tempo, sampleRate)
        : partNotes(score, stem, tempo, sampleRate);
    const kicks = SENDS[stem].duck > 0 ? kickFrames(score, tempo, sampleRate) : [];
    const handle = dsp.stemCreate(sampleRate, score.seed >>> 0, notes.length, kicks.length);
    if (handle === 0) throw new Error(`The generator cannot render at ${sampleRate} Hz`);
    this.handle = handle;

    if (stem === "drums") {
      if (!sampledDrums) dsp.stemSetDrums(handle, DRUM_KITS.indexOf(score.drums.kit), score.drums.gain);
      dsp.stemSetCompressor(handle, DRUM_BUS.thresholdDb, DRUM_BUS.ratio);
    } else {
      const parts = synthParts(score, stem);
      if (parts.length > STEM_MAX_INSTRUMENTS) {
        throw new Error(`The ${stem} stem plays at most ${STEM_MAX_INSTRUMENTS} parts, not ${parts.length}`);
      }
      for (const part of parts) {
        // Bass and lead lines are monophonic: each note hands over to the next, as one player would.
        dsp.stemAddInstrument(
          handle,
          PATCH_NAMES.indexOf(part.patch),
          part.gain * STEM_TRIM[stem],
          placedPan(stem, part.pan),
          stem !== "chords",
        );
      }
    }
    const { reverb, delay, sidechain } = score.mix;
    dsp.stemSetReverb(handle, reverb.size, reverb.wet * SENDS[stem].reverb);
    const delayFrames = beatFrame(tempo, delay.beats, sampleRate);
    dsp.stemSetDelay(handle, delayFrames, delay.feedback, delay.wet * SENDS[stem].delay);

    // Setup calls may grow the memory: views are made only now.
    writeStemNotes(dsp, handle, notes);
    new Int32Array(dsp.memory.buffer, dsp.stemKicks(handle), kicks.length).set(kicks);
    dsp.stemSetDucking(handle, kicks.length, sidechain * SENDS[stem].duck);
    this.mix = new StemMix(dsp, stem, sampleRate);
    this.sections = songSectionGain(score, sampleRate, stem);
  }

  /**
   * The next `frames` frames into left and right at `offset`; null targets render and discard. To
   * match a whole render sample for sample, call with multiples of STEM_MAX_FRAMES (but the last).
   */
  render(frames: number, left: Float32Array | null, right: Float32Array | null, offset = 0): void {
    const dsp = this.dsp;
    for (let done = 0; done < frames; ) {
      const block = Math.min(STEM_MAX_FRAMES, frames - done);
      if (this.sampler) {
        this.sampler.render(
          new Float32Array(dsp.memory.buffer, dsp.stemInputLeft(this.handle), block),
          new Float32Array(dsp.memory.buffer, dsp.stemInputRight(this.handle), block),
          block,
        );
      }
      const n = dsp.stemRender(this.handle, block);
      const outLeft = dsp.stemOutputLeft(this.handle);
      const outRight = dsp.stemOutputRight(this.handle);
      this.mix.process(outLeft, outRight, n);
      if (left && right) {
        const l = new Float32Array(dsp.memory.buffer, outLeft, n);
        const r = new Float32Array(dsp.memory.buffer, outRight, n);
        this.sections.apply(l, r, n, this.position + done);
        left.set(l, offset + done);
        right.set(r, offset + done);
      }
      done += n;
    }
    this.position += frames;
  }

  /** Frames rendered so far. */
  get rendered(): number {
    return this.position;
  }

  destroy(): void {
    this.dsp.stemDestroy(this.handle);
  }
}

/**
 * A stem, whole or the range [fromSeconds, toSeconds). A range equals the same frames of a whole
 * render: the effects' tails and the notes ringing into it are rendered from the song start (the
 * frames before the range cost their render time, but are not kept).
 */
export function renderStem(
  dsp: DspExports,
  score: Score,
  stem: InstrumentStemName,
  sampleRate: number,
  fromSeconds?: number,
  toSeconds?: number,
): PcmAudio {
  const renderer = new StemRenderer(dsp, score, stem, sampleRate);
  try {
    const from = Math.max(0, Math.round(secondsToFrames(seconds(fromSeconds ?? 0), sampleRate)));
    const to =
      toSeconds === undefined
        ? renderer.frames
        : Math.max(from, Math.round(secondsToFrames(seconds(toSeconds), sampleRate)));
    // The range is rendered in the blocks a whole render uses (STEM_MAX_FRAMES from the song start,
    // the last one cut at the song's end), so every voice meets the same block edges.
    const lead = from - (from % STEM_MAX_FRAMES);
    const end =
      to < renderer.frames
        ? Math.min(Math.ceil(to / STEM_MAX_FRAMES) * STEM_MAX_FRAMES, renderer.frames)
        : to;
    renderer.render(lead, null, null);
    let left = new Float32Array(end - lead);
    let right = new Float32Array(end - lead);
    renderer.render(end - lead, left, right);
    if (lead < from || end > to) {
      left = left.slice(from - lead, to - lead);
      right = right.slice(from - lead, to - lead);
    }
    return { sampleRate, channels: [left, right] };
  } finally {
    renderer.destroy();
  }
}

/** The four instrument stems, whole (stereo, at sampleRate, songFrames long). */
export function renderInstrumentStems(
  dsp: DspExports,
  score: Score,
  sampleRate: number,
): Record<InstrumentStemName, PcmAudio> {
  return {
    drums: renderStem(dsp, score, "drums", sampleRate),
    bass: renderStem(dsp, score, "bass", sampleRate),
    chords: renderStem(dsp, score, "chords", sampleRate),
    lead: renderStem(dsp, score, "lead", sampleRate),
  };
}

function drumNotes(score: Score, tempo: TempoMap, sampleRate: number): PlannedNote[] {
  const notes = score.drums.hits.map((hit) => ({
    start: beatFrame(tempo, hit.start, sampleRate),
    length: 1,
    pitch: DRUM_IDS.indexOf(hit.drum),
    velocity: clampVelocity(hit.velocity),
    instrument: 0,
  }));
  return sortNotes(notes.filter((note) => note.start >= 0 && note.pitch >= 0));
}

function partNotes(
  score: Score,
  stem: InstrumentStemName,
  tempo: TempoMap,
  sampleRate: number,
): PlannedNote[] {
  const notes: PlannedNote[] = [];
  synthParts(score, stem).forEach((part, instrument) => {
    for (const note of part.notes) {
      const start = beatFrame(tempo, note.start, sampleRate);
      const end = beatFrame(tempo, note.start + note.duration, sampleRate);
      if (start < 0 || !Number.isFinite(note.pitch)) continue;
      notes.push({
        start,
        length: Math.max(1, end - start),
        pitch: Math.min(127, Math.max(0, note.pitch)),
        velocity: clampVelocity(note.velocity),
        instrument,
      });
    }
  });
  return sortNotes(notes);
}

/** The stem's parts the synthesizer plays (the others play from the SoundFont). */
function synthParts(score: Score, stem: InstrumentStemName) {
  return score.parts.filter((part) => part.stem === stem && !isSampled(part));
}

function kickFrames(score: Score, tempo: TempoMap, sampleRate: number): number[] {
  return score.drums.hits
    .filter((hit) => hit.drum === "kick")
    .map((hit) => beatFrame(tempo, hit.start, sampleRate))
    .filter((frame) => frame >= 0)
    .sort((a, b) => a - b);
}

function clampVelocity(velocity: number): number {
  return Number.isFinite(velocity) ? Math.min(1, Math.max(0, velocity)) : 0;
}

/** By start, then instrument, then pitch: the order voices are taken in is part of the output. */
function sortNotes(notes: PlannedNote[]): PlannedNote[] {
  return notes.sort((a, b) => a.start - b.start || a.instrument - b.instrument || a.pitch - b.pitch);
}
