import { periodScratchBytes, placeMarks, sourcePeriod } from "./pitch-marks";
import { Expression, NOTE_BYTES, sungFrequency } from "./sung-pitch";

// Time-domain pitch-synchronous overlap-add (TD-PSOLA) of one spoken word onto sung notes. The
// word's samples are cut into grains two periods long (source periods, or sung ones when those
// are shorter), centred on its pitch marks and Hann-windowed; each grain is added back one *sung* period after the last, so the output's
// pulses repeat at the note's f0 while each grain keeps the source's formants. A syllable's onset
// and coda consonants keep their length (squeezed only when they would take more than half the
// note) and its vowel fills the rest, its grains repeated as often as the note needs. Unvoiced
// grains (consonant noise, silence) outside the vowel keep their own spacing, so no pitch is
// forced onto them.

/** Consonants take at most this share of a syllable's sung length. */
const CONSONANT_SHARE: f64 = 0.5;
/** Periods are searched only down to this f0, which sizes the scratch for the autocorrelation. */
const LOWEST_HZ: f64 = 50;
/** Marks per source frame at most: periods shorter than 32 frames are refused. */
const SHORTEST_PERIOD: i32 = 32;

@unmanaged
export class VocalVoice {
  readonly source: usize;
  readonly notes: usize;
  readonly output: usize;
  private readonly marks: usize;
  private readonly voiced: usize;
  private readonly scratch: usize;
  private readonly markCapacity: i32;
  private readonly maxPeriod: i32;
  readonly expression: Expression;
  private sourceFrames: i32 = 0;
  private markCount: i32 = 0;
  period: f64 = 0;

  constructor(
    readonly sampleRate: f64,
    readonly sourceCapacity: i32,
    readonly outputCapacity: i32,
    readonly noteCapacity: i32,
  ) {
    this.source = heap.alloc((<usize>sourceCapacity) << 2);
    this.output = heap.alloc((<usize>outputCapacity) << 2);
    this.notes = heap.alloc(<usize>(noteCapacity * NOTE_BYTES));
    const markCapacity = sourceCapacity / SHORTEST_PERIOD + 4;
    const maxPeriod = <i32>Math.ceil(sampleRate / LOWEST_HZ);
    this.markCapacity = markCapacity;
    this.marks = heap.alloc((<usize>markCapacity) << 2);
    this.voiced = heap.alloc(<usize>markCapacity);
    this.maxPeriod = maxPeriod;
    this.scratch = heap.alloc(periodScratchBytes(maxPeriod));
    this.expression = new Expression();
    memory.fill(this.source, 0, (<usize>sourceCapacity) << 2);
  }

  destroy(): void {
    heap.free(this.source);
    heap.free(this.output);
    heap.free(this.notes);
    heap.free(this.marks);
    heap.free(this.voiced);
    heap.free(this.scratch);
    heap.free(changetype<usize>(this.expression));
    heap.free(changetype<usize>(this));
  }

  /**
   * Takes the first `frames` samples of the source buffer as the word, with an f0 between minHz
   * and maxHz: finds its period and pitch marks. Returns the mark count (0: no period found).
   */
  analyse(frames: i32, minHz: f64, maxHz: f64): i32 {
    this.sourceFrames = min(max(frames, 0), this.sourceCapacity);
    this.markCount = 0;
    this.period = 0;
    if (!(minHz > 0 && maxHz > minHz)) return 0;
    const minPeriod = max(SHORTEST_PERIOD, <i32>Math.floor(this.sampleRate / maxHz));
    const maxPeriod = min(this.maxPeriod, <i32>Math.ceil(this.sampleRate / minHz));
    return this.mark(
      this.sourceFrames,
      sourcePeriod(this.source, this.sourceFrames, minPeriod, maxPeriod, this.scratch),
    );
  }

  /** As analyse, with the period (frames) already known: a word sung again need not be measured again. */
  mark(frames: i32, period: f64): i32 {
    this.sourceFrames = min(max(frames, 0), this.sourceCapacity);
    this.markCount = 0;
    this.period = 0;
    if (!(period >= <f64>SHORTEST_PERIOD && period <= <f64>this.maxPeriod)) return 0;
    this.period = period;
    this.markCount = placeMarks(
      this.source,
      this.sourceFrames,
      period,
      this.marks,
      this.voiced,
      this.markCapacity,
    );
    return this.markCount;
  }

  /**
   * Sings source frames [segStart, segEnd) (its vowel [vowelStart, vowelEnd)) over `outFrames`
   * output frames on the first `noteCount` notes of the notes buffer, into the output buffer;
   * returns the frames written (0 when the word has no marks or the output is too small).
   */
  render(
    noteCount: i32,
    glideFrom: f64,
    segStart: i32,
    vowelStart: i32,
    vowelEnd: i32,
    segEnd: i32,
    outFrames: i32,
    gain: f64,
  ): i32 {
    const count = this.markCount;
    if (count == 0 || noteCount < 1 || noteCount > this.noteCapacity) return 0;
    if (outFrames < 1 || outFrames > this.outputCapacity) return 0;
    const out = this.output;
    memory.fill(out, 0, (<usize>outFrames) << 2);

    // The time map from output frames to source frames: consonants 1:1 (or squeezed), vowel stretched.
    const s0 = <f64>min(max(segStart, 0), this.sourceFrames);
    const s1 = <f64>min(max(segEnd, segStart), this.sourceFrames);
    const v0 = min(max(<f64>vowelStart, s0), s1);
    const v1 = min(max(<f64>vowelEnd, v0), s1);
    const onset = v0 - s0;
    const coda = s1 - v1;
    const length = <f64>outFrames;
    const squeeze =
      onset + coda > CONSONANT_SHARE * length ? (CONSONANT_SHARE * length) / (onset + coda) : 1.0;
    const outOnset = onset * squeeze;
    const outVowel = length - (onset + coda) * squeeze;
    const vowelRate = outVowel > 0 ? (v1 - v0) / outVowel : 0;

    const ta = this.period;
    const src = this.source;
    const frames = this.sourceFrames;
    const marks = this.marks;
    const e = this.expression;
    let mark = 0;
    let t: f64 = 0;
    while (t < length) {
      let at: f64;
      if (t < outOnset) at = s0 + t / squeeze;
      else if (t < outOnset + outVowel) at = v0 + (t - outOnset) * vowelRate;
      else at = v1 + (t - outOnset - outVowel) / squeeze;
      while (
        mark + 1 < count &&
        abs(<f64>load<i32>(marks + ((<usize>(mark + 1)) << 2)) - at) <=
          abs(<f64>load<i32>(marks + ((<usize>mark) << 2)) - at)
      ) {
        mark++;
      }
      const centre = load<i32>(marks + ((<usize>mark) << 2));
      // A vowel is voiced whatever one period's correlation says: a mark misjudged there would
      // hold the source's pitch for as long as the stretch repeats it.
      const isVoiced = (at >= v0 && at < v1) || load<u8>(this.voiced + <usize>mark) != 0;
      const hop = isVoiced
        ? this.sampleRate / sungFrequency(this.notes, noteCount, t, glideFrom, e, this.sampleRate)
        : ta;
      // The grain spans one period either side, the shorter of source's and sung: raised far, a
      // grain two source periods long would carry the source's harmonics between the sung ones.
      const width = min(ta, hop);
      const half = <i32>Math.ceil(width);
      const step = Math.PI / width;
      const cosStep = Math.cos(step);
      const sinStep = Math.sin(step);
      // Denser pulses carry more power: scale each so the level stays that of the source.
      const g = <f32>(gain * (isVoiced ? Math.sqrt(hop / width) : 1.0));

      // Output n takes source centre + (n - t): between frames k - 1 and k, k = centre + n - ti.
      const ti = <i32>Math.floor(t);
      const fr = <f32>(t - <f64>ti);
      const from = max(0, ti - half);
      const to = min(outFrames - 1, ti + half);
      let u = <f64>(from - ti) - <f64>fr;
      let c = Math.cos(step * u);
      let s = Math.sin(step * u);
      for (let n = from; n <= to; n++) {
        if (abs(u) < width) {
          const k = centre + n - ti;
          const a: f32 = k >= 0 && k < frames ? load<f32>(src + ((<usize>k) << 2)) : 0;
          const b: f32 = k >= 1 && k <= frames ? load<f32>(src + ((<usize>(k - 1)) << 2)) : 0;
          const w = <f32>(0.5 + 0.5 * c);
          const p = out + ((<usize>n) << 2);
          store<f32>(p, load<f32>(p) + g * w * (a + fr * (b - a)));
        }
        const c1 = c * cosStep - s * sinStep;
        s = s * cosStep + c * sinStep;
        c = c1;
        u += 1;
      }
      t += hop;
    }

    const attack = max(1.0, e.attackFrames);
    const release = max(1.0, e.releaseFrames);
    for (let n = 0; n < outFrames; n++) {
      const x = <f64>n;
      const env = min(1.0, min((x + 1) / attack, (length - x) / release));
      if (env < 1) {
        const p = out + ((<usize>n) << 2);
        store<f32>(p, load<f32>(p) * <f32>env);
      }
    }
    return outFrames;
  }
}
