import { boxSmooth, cleanCopy, deinterleave, interleave, maxFilter } from "./bin-buffers";
import { Fft } from "./fft";
import { BUCKETS, FrameSpectrum, PhaseIntegrator } from "./phase-integration";
import { Lanes } from "./simd-math";
import { ONSET_BLOCK, ONSET_HISTORY, ONSET_RING, OnsetDetector } from "./transients";

// Streaming time-stretch and pitch-shift for one mono or stereo stream: a
// phase vocoder whose phases come from phase-gradient heap integration (Prusa
// and Holighaus, "Phase vocoder done right", 2017), with a transient lock in
// the time map and pitch shifting on the spectrum.
//
// Use (in wasm, e.g. a clip voice; exports.ts wraps the same for JavaScript):
//   const st = new Stretcher(sampleRate, channels, maxBlock);  // allocates all it will use
//   st.setTransposition(semitones, formant); st.setStretch(stretch);
//   st.setSource(left, right, firstFrame, frames); st.setLoop(start, end);  // the input, random access
//   st.seek(inputTime);                                // the next output frame plays this input time
//   each block: st.plan(frames, inputTimeAhead); st.render(outLeft, outRight);
//   (or st.process(outLeft, outRight, frames) to follow the set stretch)
// inputTimeAhead is the input time that plays at output frame (block end +
// lookahead()): a caller with a warp map (tempo map, clip warping) passes it
// and the output follows the map exactly; NaN follows setStretch. The output
// has no latency: it is aligned with the map (latency() is 0). Nothing
// allocates after construction; render costs a frame's work every hop (an FFT
// pair and O(bins) passes, 0.1 to 0.2 ms at 48 kHz) and little in between.
//
// Frames. Output frame j sits at output time j * hop (hop = fftSize / 4,
// fixed) and analyses the input around the time the map gives it. Only the
// input the frames' windows cover is read, so the source may be a window onto
// a longer stream (inputFrom()/inputTo() say which frames the next render
// reads). One complex FFT analyses the stereo pair (left as real part, right
// as imaginary), one synthesises it; Hann windows, overlap 4.
//
// Phases. Each output bin's phase is integrated from a neighbour that has one,
// strongest first: across time from the previous frame (advance = hop times
// the instantaneous frequency, from the reassignment formula: exact for a
// steady partial, no unwrapping, independent of the analysis hop) or across
// frequency within the frame (the input's phase step between the two bins,
// scaled by the local stretch). Steady partials are thus reached across time
// and their side bins across frequency (phase locking), a new onset across
// frequency from its strongest bin. Strongest first: a bucket queue on
// quantised log-energy, O(bins) per frame.
//
// Transients. Scaling the steps between bins moves a click to stretch * its
// offset in the frame, but a noise burst's steps are random and it would
// smear over the window, before its onset too. So onsets (a jump in the
// input's high-frequency energy) lock the time map: the frames whose windows
// reach an onset play the input at speed 1 around it, placed so that the onset
// lands exactly where the map puts it, and the frames between onsets take up
// the difference. Frames at speed 1 need no invented phases: where a bin's
// energy jumps, it restarts from the input's own phase. Drum hits come out as
// they went in, at the right time.
//
// Stereo. The phases are computed once, for the mid (left + right; per bin the
// side, left - right, where the channels are mostly in opposite phase), and
// both channels turn by the same angle per bin: the inter-channel phase, and
// with it the stereo image and the mid's sound, is kept exactly.
//
// Pitch. Output bin b takes its content from input bin m(b): each spectral
// peak moves to pitch * its frequency with its main lobe translated rigidly,
// between lobes the offset glides, DC stays; the frequency of bin b is b plus
// the input's deviation from bin m(b), so a moved partial has exactly pitch
// times its frequency and an onset's bins stay put (the duration and the
// onsets' times are unchanged). With formants kept, magnitudes are multiplied
// by the ratio of the input's spectral envelope at b and at m(b).
//
// Files: this one is the phase vocoder's core (the time map and the transient
// lock on it, analysis, the pitch map, synthesis); phase-integration.ts
// integrates the output phases; transients.ts finds the onsets the lock
// needs; simd-math.ts has the four-lane math of the per-bin loops;
// bin-buffers.ts the array passes (clean input, interleaving, smoothing).

/** Stretch (output duration / input duration) limits. */
export const MIN_STRETCH: f64 = 1.0 / 128.0;
export const MAX_STRETCH: f64 = 128.0;
/** Transposition limits in semitones. */
export const MAX_SEMITONES: f64 = 24.0;

/** Analysis/synthesis overlap: hop = fftSize / OVERLAP. */
const OVERLAP: i32 = 4;
/** Stretches beyond these (from 1) fade the lock out: its zones would overlap. */
const LOCK_FULL: f64 = 3.0;
const LOCK_NONE: f64 = 4.0;
/** Group-delay scaling is clamped to this range: beyond it phase steps would be noise anyway. */
const MIN_TIME_SCALE: f32 = 0.125;
const MAX_TIME_SCALE: f32 = 4.0;
/** Width of the formant envelope's smoothing, in Hz: wider than the harmonic spacing of voices. */
const ENVELOPE_HZ: f64 = 300.0;
/** Half-width in bins of a partial's main lobe (Hann), which a transposition moves rigidly. */
const LOBE: f32 = 2.0;
/** Floats of guard before each per-bin array, so index -1 reads are in bounds. */
const GUARD: i32 = 4;

/** Bytes an array of `count` floats takes in the arena: guards both sides, 16-byte aligned. */
function arrayBytes(count: i32): usize {
  return ((<usize>(count + 2 * GUARD + 3)) << 2) & ~(<usize>15);
}

function reverse(v: v128): v128 {
  return f32x4.shuffle(v, v, 3, 2, 1, 0);
}

/** The power of two nearest 85 ms of frames (4096 at 44.1 and 48 kHz, 8192 at 96 kHz). */
function fftSizeFor(sampleRate: f64): i32 {
  const ideal = (sampleRate * 4096.0) / 48000.0;
  let size = 256;
  while (size < 32768 && <f64>size * Math.SQRT2 < ideal) size <<= 1;
  return size;
}

@unmanaged
export class Stretcher {
  readonly sampleRate: f64;
  readonly channels: i32;
  readonly maxBlock: i32;
  readonly fftSize: i32;
  readonly hop: i32;
  readonly bins: i32;

  private readonly fft: Fft;
  private readonly fftRe: usize;
  private readonly fftIm: usize;
  // Unwindowed spectra (times 2) of left and right, with guards at -1 and bins.
  private readonly rawLr: usize;
  private readonly rawLi: usize;
  private readonly rawRr: usize;
  private readonly rawRi: usize;
  // Hann-windowed input spectra, the mid's energy and instantaneous frequency (bins).
  private readonly xLr: usize;
  private readonly xLi: usize;
  private readonly xRr: usize;
  private readonly xRi: usize;
  private readonly xEnergy: usize;
  private readonly xOmega: usize;
  // The spectrum to synthesise from: the input's, or its pitch-mapped copy.
  private readonly vLr: usize;
  private readonly vLi: usize;
  private readonly vRr: usize;
  private readonly vRi: usize;
  private readonly vEnergy: usize;
  private readonly vOmega: usize;
  /** Mapped only: the input's phase step per input bin, at each output edge b -> b+1. */
  private readonly vStep: usize;
  private readonly xPhase: usize;
  // Bin-interleaved (left re, left im, right re, right im) copies of x and v, so
  // that mapping interpolates all four with one vector per tap.
  private readonly xQuad: usize;
  private readonly vQuad: usize;
  /** The output phases, integrated frame by frame. */
  private readonly phases!: PhaseIntegrator;
  /** What a frame synthesises: the analysis as it is, or its pitch-mapped copy. */
  private readonly analysed!: FrameSpectrum;
  private readonly pitchMapped!: FrameSpectrum;
  private readonly mapPos: usize;
  private readonly mapGain: usize;
  private readonly envelope: usize;
  private readonly envelopeTmp: usize;
  private readonly peakIn: usize;
  private readonly peakOut: usize;
  private readonly window: usize;
  private readonly ring: usize;
  private readonly ringMask: i32;
  /** The transient lock's onsets, found ahead of the frames that need them. */
  private readonly onsets!: OnsetDetector;
  /** Every array above lives in this one zeroed block. */
  private readonly arena: usize;
  private cursor: usize;

  // Parameters.
  private stretch: f64 = 1.0;
  private pitch: f32 = 1.0;
  private formant: bool = false;

  // Source.
  private srcLeft: usize = 0;
  private srcRight: usize = 0;
  private srcFirst: i64 = 0;
  private srcFrames: i64 = 0;
  private loopStart: i64 = 0;
  private loopEnd: i64 = 0;

  // Timeline: output frames since the seek, the next frame's centre, and the
  // time map's last two points (output frame, input time).
  private outPos: i64 = 0;
  private nextFrame: i64 = 0;
  private mapOut0: f64 = 0;
  private mapIn0: f64 = 0;
  private mapOut1: f64 = 0;
  private mapIn1: f64 = 0;
  private planned: i32 = 0;
  private prevInputTime: f64 = 0;
  private fresh: bool = true;

  // Whether the onset detector starts afresh at the next plan, and how far it must have read.
  private scanFresh: bool = true;
  private scanTarget: i64 = 0;

  /**
   * sampleRate: Hz; channels: 1 or 2; maxBlock: the most frames one render
   * will be asked for. Allocates everything the stretcher will ever use.
   */
  constructor(sampleRate: f64, channels: i32, maxBlock: i32) {
    this.sampleRate = sampleRate;
    this.channels = channels < 2 ? 1 : 2;
    this.maxBlock = max(maxBlock, 1);
    const n = fftSizeFor(sampleRate);
    this.fftSize = n;
    this.hop = n / OVERLAP;
    const half = n >> 1;
    this.bins = half + 1;
    this.fft = new Fft(n);
    const binFloats = half + 8;
    let ringFrames = 16;
    // Pending output spans at most a block and a window past the output position.
    while (ringFrames < n + this.maxBlock + this.hop) ringFrames <<= 1;
    this.ringMask = ringFrames - 1;
    const bytes: usize =
      2 * arrayBytes(n + 4) +
      33 * arrayBytes(binFloats) +
      arrayBytes(2 * binFloats) +
      2 * arrayBytes(4 * binFloats + 16) +
      arrayBytes(BUCKETS) +
      arrayBytes(n) +
      arrayBytes(2 * ringFrames) +
      arrayBytes(2 * ONSET_RING) +
      arrayBytes(2 * ONSET_BLOCK + 4) +
      arrayBytes(ONSET_HISTORY) +
      16;
    this.arena = heap.alloc(bytes);
    memory.fill(this.arena, 0, bytes);
    this.cursor = (this.arena + 15) & ~(<usize>15);
    this.fftRe = this.carve(n + 4);
    this.fftIm = this.carve(n + 4);
    this.rawLr = this.carve(binFloats);
    this.rawLi = this.carve(binFloats);
    this.rawRr = this.carve(binFloats);
    this.rawRi = this.carve(binFloats);
    this.xLr = this.carve(binFloats);
    this.xLi = this.carve(binFloats);
    this.xRr = this.carve(binFloats);
    this.xRi = this.carve(binFloats);
    this.xEnergy = this.carve(binFloats);
    this.xOmega = this.carve(binFloats);
    this.vLr = this.carve(binFloats);
    this.vLi = this.carve(binFloats);
    this.vRr = this.carve(binFloats);
    this.vRi = this.carve(binFloats);
    this.vEnergy = this.carve(binFloats);
    this.vOmega = this.carve(binFloats);
    this.vStep = this.carve(binFloats);
    this.xPhase = this.carve(binFloats);
    const phaseIn = this.carve(binFloats);
    const step = this.carve(binFloats);
    const advance = this.carve(binFloats);
    const phaseOut = this.carve(binFloats);
    const phasePrev = this.carve(binFloats);
    const omegaPrev = this.carve(binFloats);
    const keyCur = this.carve(binFloats);
    const keyPrev = this.carve(binFloats);
    const done = this.carve(binFloats);
    this.mapPos = this.carve(binFloats);
    this.mapGain = this.carve(binFloats);
    this.envelope = this.carve(binFloats);
    this.envelopeTmp = this.carve(binFloats);
    this.peakIn = this.carve(binFloats);
    this.peakOut = this.carve(binFloats);
    const queueNext = this.carve(2 * binFloats);
    this.xQuad = this.carve(4 * binFloats + 16) + 16 * 4;
    this.vQuad = this.carve(4 * binFloats + 16) + 16 * 4;
    const queueHeads = this.carve(BUCKETS);
    this.window = this.carve(n);
    this.ring = this.carve(2 * ringFrames);
    const onsetTimes = this.carve(2 * ONSET_RING);
    const onsetBuffer = this.carve(2 * ONSET_BLOCK + 4);
    const onsetHistory = this.carve(ONSET_HISTORY);
    // A miscounted arena would overlap whatever follows it: trap instead.
    if (this.cursor > this.arena + bytes) unreachable();
    this.onsets = new OnsetDetector(sampleRate, this.channels == 2, onsetTimes, onsetBuffer, onsetHistory);
    this.phases = new PhaseIntegrator(
      this.bins,
      this.channels == 2,
      this.hop,
      n,
      phaseIn,
      step,
      advance,
      phaseOut,
      phasePrev,
      omegaPrev,
      keyCur,
      keyPrev,
      queueNext,
      queueHeads,
      done,
    );
    this.analysed = new FrameSpectrum(this.xLr, this.xLi, this.xRr, this.xRi, this.xOmega, this.xEnergy, 0);
    this.pitchMapped = new FrameSpectrum(
      this.vLr,
      this.vLi,
      this.vRr,
      this.vRi,
      this.vOmega,
      this.vEnergy,
      this.vStep,
    );
    // Hann, normalised so that analysis and synthesis windows overlap-add to 1
    // (sum of squares 3n / 8hop), including the inverse FFT's factor n.
    const scale = (8.0 * <f64>this.hop) / (3.0 * <f64>n * <f64>n);
    for (let j = 0; j < n; j++) {
      const w = 0.5 - 0.5 * Math.cos((2.0 * Math.PI * <f64>j) / <f64>n);
      store<f32>(this.window + ((<usize>j) << 2), <f32>(w * scale));
    }
    this.seek(0.0);
  }

  /** Frees everything, the stretcher included. */
  destroy(): void {
    this.fft.destroy();
    heap.free(changetype<usize>(this.phases));
    heap.free(changetype<usize>(this.onsets));
    heap.free(changetype<usize>(this.analysed));
    heap.free(changetype<usize>(this.pitchMapped));
    heap.free(this.arena);
    heap.free(changetype<usize>(this));
  }

  private carve(count: i32): usize {
    const at = this.cursor + ((<usize>GUARD) << 2);
    this.cursor += arrayBytes(count);
    return at;
  }

  // ----- parameters -----

  /** Output duration / input duration, clamped to [1/128, 128]; used by process() and plan() without a map point. */
  setStretch(stretch: f64): void {
    if (!isFinite(stretch)) return;
    this.stretch = Math.min(Math.max(stretch, MIN_STRETCH), MAX_STRETCH);
  }

  /**
   * Transposition in semitones, clamped to +-24, and whether to keep the
   * formants (the spectral envelope) in place. Takes effect from the next frame
   * (a hop, 21 ms at 48 kHz); overlap-add crossfades the change.
   */
  setTransposition(semitones: f64, formant: bool): void {
    if (!isFinite(semitones)) semitones = 0.0;
    const s = Math.min(Math.max(semitones, -MAX_SEMITONES), MAX_SEMITONES);
    this.pitch = <f32>(2.0 ** (s / 12.0));
    this.formant = formant;
  }

  /**
   * The input: planar f32 channels (right ignored when mono; 0 reads as
   * silence), whose frame i is input frame first + i. Frames outside
   * [first, first + frames) read as silence. May change between renders (a
   * streaming source that grows, or a window onto a long input).
   */
  setSource(left: usize, right: usize, first: f64, frames: i32): void {
    this.srcLeft = left;
    this.srcRight = right;
    this.srcFirst = <i64>Math.floor(first);
    this.srcFrames = <i64>max(frames, 0);
  }

  /** Input frames at or past end read from start on (a looped source); end <= start: no loop. */
  setLoop(start: f64, end: f64): void {
    this.loopStart = <i64>Math.floor(start);
    this.loopEnd = <i64>Math.floor(end);
  }

  // ----- timeline -----

  /**
   * Starts afresh: the next output frame plays input time `inputTime`
   * (fractional frames allowed). The first render then also computes the
   * frames that overlap its start: a pre-roll of fftSize / hop - 1 frames
   * (3 at 48 kHz), reading up to fftSize / 2 + hop / stretch input frames before
   * inputTime. No allocation.
   */
  seek(inputTime: f64): void {
    if (!isFinite(inputTime)) inputTime = 0.0;
    this.outPos = 0;
    this.nextFrame = <i64>(this.hop - (this.fftSize >> 1));
    this.mapOut0 = 0;
    this.mapIn0 = inputTime;
    this.mapOut1 = 0;
    this.mapIn1 = inputTime;
    this.planned = 0;
    this.fresh = true;
    this.scanFresh = true;
    this.onsets.forget();
    memory.fill(this.ring - ((<usize>GUARD) << 2), 0, (<usize>(2 * (this.ringMask + 1) + 2 * GUARD)) << 2);
  }

  /** Output latency: 0. Output frame k after a seek to t plays input time t + (the map). */
  latency(): i32 {
    return 0;
  }

  /** Output frames beyond a block's end at which plan() takes the input time (fftSize / 2). */
  lookahead(): i32 {
    return this.fftSize >> 1;
  }

  /**
   * Announces the next render of `frames` frames (at most maxBlock). The map
   * point: the input time that plays at output frame (end of this block +
   * lookahead()). NaN: continue at the set stretch. Frames in between are
   * interpolated linearly, so a caller that knows its warp map passes exact
   * points and the output follows it with no drift.
   */
  plan(frames: i32, inputTimeAhead: f64): void {
    frames = min(max(frames, 0), this.maxBlock);
    const endOut = <f64>(this.outPos + <i64>frames + <i64>(this.fftSize >> 1));
    if (!isFinite(inputTimeAhead)) inputTimeAhead = this.mapIn1 + (endOut - this.mapOut1) / this.stretch;
    if (endOut > this.mapOut1) {
      this.mapOut0 = this.mapOut1;
      this.mapIn0 = this.mapIn1;
      this.mapOut1 = endOut;
      this.mapIn1 = inputTimeAhead;
    }
    this.planned = frames;
    // The lock of the last planned frame depends on onsets up to 2.5 windows past
    // it (a zone's reach plus, between close onsets, two ramps).
    const n = <f64>this.fftSize;
    const lastFrame =
      <f64>this.nextFrame + Math.ceil((endOut - <f64>this.nextFrame) / <f64>this.hop) * <f64>this.hop;
    if (this.scanFresh) {
      const back = Math.min(
        this.inputTimeAt(<f64>this.nextFrame - 2.5 * n),
        this.inputTimeAt(<f64>this.nextFrame),
      );
      this.onsets.restart(<i64>Math.floor(back - 0.5 * n) - <i64>ONSET_BLOCK);
      this.scanFresh = false;
    }
    const ahead = Math.max(this.inputTimeAt(lastFrame + 2.5 * n), this.inputTimeAt(lastFrame));
    this.scanTarget = <i64>Math.ceil(ahead + 0.5 * n) + <i64>ONSET_BLOCK;
    if (this.lockFactor() == 0.0) this.onsets.skipTo(this.scanTarget);
  }

  /** First input frame the planned render reads, a whole number (frames before it are no longer needed). */
  inputFrom(): f64 {
    const end = this.outPos + <i64>this.planned + <i64>(this.fftSize >> 1);
    let from = this.centreAt(this.nextFrame);
    for (let t = this.nextFrame; t < end; t += <i64>this.hop) from = Math.min(from, this.centreAt(t));
    from = Math.floor(from - <f64>(this.fftSize >> 1) - this.lockMargin());
    return this.onsets.pos < this.scanTarget ? Math.min(from, <f64>this.onsets.pos) : from;
  }

  /** One past the last input frame the planned render reads, a whole number. */
  inputTo(): f64 {
    const end = this.outPos + <i64>this.planned + <i64>(this.fftSize >> 1);
    let to = this.centreAt(this.nextFrame);
    for (let t = this.nextFrame; t < end; t += <i64>this.hop) to = Math.max(to, this.centreAt(t));
    to = Math.ceil(to + <f64>(this.fftSize >> 1) + this.lockMargin());
    return this.onsets.pos < this.scanTarget ? Math.max(to, <f64>this.scanTarget) : to;
  }

  /** Renders the planned frames into out (planar; outRight ignored when mono). */
  render(outLeft: usize, outRight: usize): void {
    const frames = this.planned;
    const end = this.outPos + <i64>frames + <i64>(this.fftSize >> 1);
    while (this.nextFrame < end) {
      this.processFrame(this.nextFrame);
      this.nextFrame += <i64>this.hop;
    }
    this.emit(outLeft, 0, frames);
    if (this.channels == 2) this.emit(outRight, 1, frames);
    this.outPos += <i64>frames;
    this.planned = 0;
  }

  /** plan(frames, NaN) then render: `frames` output frames at the set stretch. */
  process(outLeft: usize, outRight: usize, frames: i32): void {
    this.plan(frames, NaN);
    this.render(outLeft, outRight);
  }

  private inputTimeAt(t: f64): f64 {
    const span = this.mapOut1 - this.mapOut0;
    if (span <= 0.0) return this.mapIn1 + (t - this.mapOut1) / this.stretch;
    return this.mapIn0 + ((t - this.mapOut0) * (this.mapIn1 - this.mapIn0)) / span;
  }

  private centreAt(t: i64): f64 {
    return Math.floor(this.inputTimeAt(<f64>t) + 0.5);
  }

  // ----- transient lock -----
  //
  // Stretching moves a frame's content by (stretch - 1) * (its offset from
  // the centre); for an onset inside a long window that offset is ill-defined
  // (the phase steps of a noise burst are random), and the onset smears over
  // the window, before it too. So around each onset the frames take the input
  // at speed 1: over the window's reach (fftSize / 2 of output either side) a
  // frame at output o analyses input T + (o - O), with T the onset's input
  // time and O where the map puts it. Those frames play the onset exactly as
  // it was (a stretch of 1 needs no phase invention), at exactly O; the frames
  // between onsets take up the difference, ramping back to the map over a
  // window. The onsets come from transients.ts.

  /** 1 where the map's stretch allows the lock, fading to 0 from LOCK_FULL to LOCK_NONE away from 1. */
  private lockFactor(): f64 {
    const span = this.mapOut1 - this.mapOut0;
    const slope = span > 0.0 ? (this.mapIn1 - this.mapIn0) / span : 1.0 / this.stretch;
    if (!(slope > 0.0)) return 0.0;
    const distance = Math.abs(Math.log(slope));
    const full = Math.log(LOCK_FULL);
    const none = Math.log(LOCK_NONE);
    return distance <= full ? 1.0 : distance >= none ? 0.0 : (none - distance) / (none - full);
  }

  /** The most the lock can move a frame's input time. */
  private lockMargin(): f64 {
    const span = this.mapOut1 - this.mapOut0;
    const slope = span > 0.0 ? Math.abs(this.mapIn1 - this.mapIn0) / span : 1.0 / this.stretch;
    return 0.5 * <f64>this.fftSize * Math.abs(1.0 - slope) * this.lockFactor() + 1.0;
  }

  /** Output time the map gives input time t (NaN if the map does not move forward). */
  private outputTimeAt(t: f64): f64 {
    const span = this.mapOut1 - this.mapOut0;
    const rise = this.mapIn1 - this.mapIn0;
    if (span > 0.0 && rise > 0.0) return this.mapOut0 + ((t - this.mapIn0) * span) / rise;
    return this.stretch > 0.0 ? this.mapOut1 + (t - this.mapIn1) * this.stretch : NaN;
  }

  /** The lock's correction to the input time of the frame at output time o. */
  private lockOffset(o: f64): f64 {
    const factor = this.lockFactor();
    const count = this.onsets.count();
    if (factor == 0.0 || count == 0) return 0.0;
    let outA = -Infinity;
    let inA = 0.0;
    let outB = Infinity;
    let inB = 0.0;
    for (let i = 0; i < count; i++) {
      const onset = this.onsets.at(i);
      const at = this.outputTimeAt(onset);
      if (isNaN(at)) return 0.0;
      if (at <= o && at > outA) {
        outA = at;
        inA = onset;
      } else if (at > o && at < outB) {
        outB = at;
        inB = onset;
      }
    }
    const zone = 0.5 * <f64>this.fftSize;
    const ramp = <f64>this.fftSize;
    const halfGap = 0.5 * (outB - outA);
    const zoneA = Math.min(zone, halfGap);
    const zoneB = Math.min(zone, halfGap);
    const time = this.inputTimeAt(o);
    if (o - outA <= zoneA) return factor * (inA + (o - outA) - time);
    if (outB - o <= zoneB) return factor * (inB - (outB - o) - time);
    // Between two zones: from one zone's edge offset to the other's, through 0 when there is room.
    const edgeA = outA + zoneA;
    const edgeB = outB - zoneB;
    const offsetA = outA == -Infinity ? 0.0 : inA + zoneA - this.inputTimeAt(edgeA);
    const offsetB = outB == Infinity ? 0.0 : inB - zoneB - this.inputTimeAt(edgeB);
    const gap = edgeB - edgeA;
    if (gap > 2.0 * ramp) {
      const wa = outA == -Infinity ? 0.0 : Math.max(0.0, 1.0 - (o - edgeA) / ramp);
      const wb = outB == Infinity ? 0.0 : Math.max(0.0, 1.0 - (edgeB - o) / ramp);
      return factor * (offsetA * wa + offsetB * wb);
    }
    return factor * (offsetA + ((o - edgeA) / gap) * (offsetB - offsetA));
  }

  /** Runs the onset detector over the input up to `target`. */
  private scan(target: i64): void {
    const onsets = this.onsets;
    while (onsets.pos + <i64>ONSET_BLOCK <= target) {
      this.read(this.srcLeft, onsets.left, onsets.pos, ONSET_BLOCK);
      if (this.channels == 2) this.read(this.srcRight, onsets.right, onsets.pos, ONSET_BLOCK);
      onsets.detect();
    }
  }

  // ----- one frame -----

  private processFrame(t: i64): void {
    this.scan(this.scanTarget);
    const time = this.inputTimeAt(<f64>t) + this.lockOffset(<f64>t);
    const centre = <i64>Math.floor(time + 0.5);
    // Local stretch: synthesis hop over the input time this frame moved.
    let scale = <f32>this.stretch;
    if (!this.fresh) {
      const moved = Math.abs(time - this.prevInputTime);
      scale = moved > 1e-6 ? <f32>(<f64>this.hop / moved) : MAX_TIME_SCALE;
    }
    scale = Mathf.min(Mathf.max(scale, MIN_TIME_SCALE), MAX_TIME_SCALE);
    // Locked frames move exactly a hop; rounding must not make them "stretch".
    if (Mathf.abs(scale - 1.0) < 1e-4) scale = 1.0;
    this.prevInputTime = time;

    this.gather(centre);
    this.fft.forward(this.fftRe, this.fftIm);
    this.analyse();
    const mapped = this.pitch != 1.0 || this.formant;
    if (mapped) this.mapSpectrum();
    this.phases.integrate(mapped ? this.pitchMapped : this.analysed, mapped, scale, this.fresh);
    this.synthesise(mapped, t);
    this.phases.swap();
    this.fresh = false;
  }

  /** Reads input frames [centre - n/2, centre + n/2) rotated by n/2 (zero-phase frame): left into fftRe, right into fftIm. */
  private gather(centre: i64): void {
    const half = this.fftSize >> 1;
    const halfBytes = (<usize>half) << 2;
    this.read(this.srcLeft, this.fftRe, centre, half);
    this.read(this.srcLeft, this.fftRe + halfBytes, centre - <i64>half, half);
    if (this.channels == 2) {
      this.read(this.srcRight, this.fftIm, centre, half);
      this.read(this.srcRight, this.fftIm + halfBytes, centre - <i64>half, half);
    } else {
      memory.fill(this.fftIm, 0, halfBytes << 1);
    }
  }

  /** Copies input frames [from, from + count) of one channel to dst: through the loop, silence outside the source. */
  private read(channel: usize, dst: usize, from: i64, count: i32): void {
    let pos = from;
    let left = <i64>count;
    const looped = this.loopEnd > this.loopStart;
    while (left > 0) {
      let p = pos;
      let run = left;
      if (looped) {
        if (p >= this.loopEnd) p = this.loopStart + ((p - this.loopStart) % (this.loopEnd - this.loopStart));
        run = min(run, this.loopEnd - p);
      }
      const a = min(max(p, this.srcFirst), p + run);
      const b = max(min(p + run, this.srcFirst + this.srcFrames), a);
      const at = dst + ((<usize>(pos - from)) << 2);
      if (channel == 0 || b <= a) {
        memory.fill(at, 0, (<usize>run) << 2);
      } else {
        if (a > p) memory.fill(at, 0, (<usize>(a - p)) << 2);
        cleanCopy(at + ((<usize>(a - p)) << 2), channel + ((<usize>(a - this.srcFirst)) << 2), <i32>(b - a));
        if (p + run > b) memory.fill(at + ((<usize>(b - p)) << 2), 0, (<usize>(p + run - b)) << 2);
      }
      pos += run;
      left -= run;
    }
  }

  /**
   * Unpacks the two channels' spectra, windows them (Hann, as a 3-tap kernel
   * on the unwindowed spectrum, zero-phase) and takes the mid's energy and
   * reassigned frequency: omega = k - Re(D conj X) / (8 |X|^2), D the
   * derivative window's spectrum up to a factor.
   */
  private analyse(): void {
    const n = this.fftSize;
    const half = n >> 1;
    const re = this.fftRe;
    const im = this.fftIm;
    store<f32>(re + ((<usize>n) << 2), load<f32>(re));
    store<f32>(im + ((<usize>n) << 2), load<f32>(im));
    const stereo = this.channels == 2;
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      const mirror = (<usize>(n - k - 3)) << 2;
      const zr = v128.load(re + o);
      const zi = v128.load(im + o);
      const wr = reverse(v128.load(re + mirror));
      const wi = reverse(v128.load(im + mirror));
      v128.store(this.rawLr + o, f32x4.add(zr, wr));
      v128.store(this.rawLi + o, f32x4.sub(zi, wi));
      if (stereo) {
        v128.store(this.rawRr + o, f32x4.add(zi, wi));
        v128.store(this.rawRi + o, f32x4.sub(wr, zr));
      }
    }
    // Bin -1 is the conjugate of bin 1 (real input).
    store<f32>(this.rawLr - 4, load<f32>(this.rawLr + 4));
    store<f32>(this.rawLi - 4, -load<f32>(this.rawLi + 4));
    store<f32>(this.rawRr - 4, load<f32>(this.rawRr + 4));
    store<f32>(this.rawRi - 4, -load<f32>(this.rawRi + 4));

    const quarter = f32x4.splat(0.25);
    const eighth = f32x4.splat(0.125);
    const tiny = f32x4.splat(1e-20);
    let kv = f32x4(0, 1, 2, 3);
    const four = f32x4.splat(4);
    const two = f32x4.splat(2);
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      const lr0 = v128.load(this.rawLr + o);
      const lrm = v128.load(this.rawLr + o - 4);
      const lrp = v128.load(this.rawLr + o + 4);
      const li0 = v128.load(this.rawLi + o);
      const lim = v128.load(this.rawLi + o - 4);
      const lip = v128.load(this.rawLi + o + 4);
      const xlr = f32x4.add(f32x4.mul(lr0, quarter), f32x4.mul(f32x4.add(lrm, lrp), eighth));
      const xli = f32x4.add(f32x4.mul(li0, quarter), f32x4.mul(f32x4.add(lim, lip), eighth));
      v128.store(this.xLr + o, xlr);
      v128.store(this.xLi + o, xli);
      let mr = xlr;
      let mi = xli;
      let dr = f32x4.sub(lrm, lrp);
      let di = f32x4.sub(lim, lip);
      if (stereo) {
        const rr0 = v128.load(this.rawRr + o);
        const rrm = v128.load(this.rawRr + o - 4);
        const rrp = v128.load(this.rawRr + o + 4);
        const ri0 = v128.load(this.rawRi + o);
        const rim = v128.load(this.rawRi + o - 4);
        const rip = v128.load(this.rawRi + o + 4);
        const xrr = f32x4.add(f32x4.mul(rr0, quarter), f32x4.mul(f32x4.add(rrm, rrp), eighth));
        const xri = f32x4.add(f32x4.mul(ri0, quarter), f32x4.mul(f32x4.add(rim, rip), eighth));
        v128.store(this.xRr + o, xrr);
        v128.store(this.xRi + o, xri);
        // The reference: mid, or side where the channels are mostly in opposite phase.
        const side = Lanes.sideWins(xlr, xli, xrr, xri);
        mr = f32x4.add(mr, v128.xor(xrr, side));
        mi = f32x4.add(mi, v128.xor(xri, side));
        dr = f32x4.add(dr, v128.xor(f32x4.sub(rrm, rrp), side));
        di = f32x4.add(di, v128.xor(f32x4.sub(rim, rip), side));
      }
      const energy = f32x4.add(f32x4.mul(mr, mr), f32x4.mul(mi, mi));
      const num = f32x4.add(f32x4.mul(dr, mr), f32x4.mul(di, mi));
      let omega = f32x4.sub(kv, f32x4.div(f32x4.mul(num, eighth), f32x4.add(energy, tiny)));
      omega = f32x4.min(f32x4.max(omega, f32x4.sub(kv, two)), f32x4.add(kv, two));
      v128.store(this.xEnergy + o, energy);
      v128.store(this.xOmega + o, omega);
      kv = f32x4.add(kv, four);
    }
  }

  /**
   * Builds the pitch-shifted spectrum v from x: peaks (local maxima of the
   * mid's energy) move to pitch * their reassigned frequency with their lobes
   * translated intact; between two peaks (and from DC, which stays) the
   * translation glides, and energy scales with the map's slope so a stretched
   * region is not louder.
   */
  private mapSpectrum(): void {
    const bins = this.bins;
    const pitch = this.pitch;
    const energy = this.xEnergy;
    const omega = this.xOmega;
    // Lanes past the last bin hold mirrored bins (see analyse), never more than the real ones.
    let peaks = f32x4.splat(0);
    for (let k = 0; k < bins; k += 4) peaks = f32x4.max(peaks, v128.load(energy + ((<usize>k) << 2)));
    const peak = Mathf.max(
      Mathf.max(f32x4.extract_lane(peaks, 0), f32x4.extract_lane(peaks, 1)),
      Mathf.max(f32x4.extract_lane(peaks, 2), f32x4.extract_lane(peaks, 3)),
    );
    const floor = f32x4.splat(peak * 1e-9);
    // DC stays at DC: a fixed peak at 0, so the lowest bins glide from no shift
    // to the first partial's instead of taking its translation (which would move DC up).
    store<f32>(this.peakIn, 0);
    store<f32>(this.peakOut, 0);
    let count = 1;
    // Peaks: bins above the floor and above their two neighbours either side (ties to the lower bin).
    for (let k = 0; k < bins; k += 4) {
      const at = energy + ((<usize>k) << 2);
      const e = v128.load(at);
      let mask = v128.and(f32x4.gt(e, floor), f32x4.gt(e, v128.load(at - 4)));
      mask = v128.and(mask, f32x4.ge(e, v128.load(at + 4)));
      mask = v128.and(mask, f32x4.gt(e, v128.load(at - 8)));
      mask = v128.and(mask, f32x4.ge(e, v128.load(at + 8)));
      let bits = i32x4.bitmask(mask);
      while (bits != 0) {
        const lane = ctz(bits);
        bits &= bits - 1;
        const b = k + lane;
        if (b < 2 || b >= bins - 2) continue;
        const kf = <f32>b;
        const f = Mathf.min(Mathf.max(load<f32>(omega + ((<usize>b) << 2)), kf - 0.5), kf + 0.5);
        store<f32>(this.peakIn + ((<usize>count) << 2), f);
        store<f32>(this.peakOut + ((<usize>count) << 2), f * pitch);
        count++;
      }
    }
    const pos = this.mapPos;
    const gain = this.mapGain;
    // Each peak's lobe (LOBE bins either side) is translated rigidly; between
    // two lobes the offset glides linearly (the slope of m, which scales the
    // energy, stays positive for peaks more than 2 LOBE apart); lobes closer
    // than that meet half way.
    let b = 0;
    for (let i = 1; i < count && b < bins; i++) {
      const outA = load<f32>(this.peakOut + ((<usize>(i - 1)) << 2));
      const outB = load<f32>(this.peakOut + ((<usize>i) << 2));
      const offA = load<f32>(this.peakIn + ((<usize>(i - 1)) << 2)) - outA;
      const offB = load<f32>(this.peakIn + ((<usize>i) << 2)) - outB;
      let edgeA = outA + LOBE;
      let edgeB = outB - LOBE;
      if (edgeA >= edgeB) {
        edgeA = 0.5 * (outA + outB);
        edgeB = edgeA;
      }
      const endA = min(bins, <i32>Mathf.ceil(edgeA));
      for (; b < endA; b++) {
        store<f32>(pos + ((<usize>b) << 2), <f32>b + offA);
        store<f32>(gain + ((<usize>b) << 2), 1.0);
      }
      const endGlide = min(bins, <i32>Mathf.ceil(edgeB));
      if (b < endGlide) {
        const slope: f32 = (offB - offA) / (edgeB - edgeA);
        const g = Mathf.sqrt(Mathf.max(1.0 + slope, 0.0));
        for (; b < endGlide; b++) {
          store<f32>(pos + ((<usize>b) << 2), <f32>b + offA + (<f32>b - edgeA) * slope);
          store<f32>(gain + ((<usize>b) << 2), g);
        }
      }
    }
    const lastOff =
      load<f32>(this.peakIn + ((<usize>(count - 1)) << 2)) -
      load<f32>(this.peakOut + ((<usize>(count - 1)) << 2));
    for (; b < bins; b++) {
      store<f32>(pos + ((<usize>b) << 2), <f32>b + lastOff);
      store<f32>(gain + ((<usize>b) << 2), 1.0);
    }
    if (this.formant) this.formantGains();

    // Interpolate (Catmull-Rom on the complex spectra, linear on frequency) at the mapped positions.
    this.mirrorGuards();
    interleave(this.xQuad - 64, this.xLr - 16, this.xLi - 16, this.xRr - 16, this.xRi - 16, bins + 8);
    const quad = this.xQuad;
    const top = <f32>(bins - 1);
    for (let b = 0; b < bins; b++) {
      const o = (<usize>b) << 2;
      const m = load<f32>(pos + o);
      const at = this.vQuad + ((<usize>b) << 4);
      if (!(m >= 0.0 && m <= top)) {
        v128.store(at, f32x4.splat(0));
        store<f32>(this.vOmega + o, <f32>b);
        continue;
      }
      let i = <i32>m;
      if (i > bins - 2) i = bins - 2;
      const t = m - <f32>i;
      const t2 = t * t;
      const t3 = t2 * t;
      const g = load<f32>(gain + o);
      const c0: f32 = (-0.5 * t3 + t2 - 0.5 * t) * g;
      const c1: f32 = (1.5 * t3 - 2.5 * t2 + 1.0) * g;
      const c2: f32 = (-1.5 * t3 + 2.0 * t2 + 0.5 * t) * g;
      const c3: f32 = (0.5 * t3 - 0.5 * t2) * g;
      const q = quad + ((<usize>(i - 1)) << 4);
      let v = f32x4.mul(v128.load(q), f32x4.splat(c0));
      v = f32x4.add(v, f32x4.mul(v128.load(q, 16), f32x4.splat(c1)));
      v = f32x4.add(v, f32x4.mul(v128.load(q, 32), f32x4.splat(c2)));
      v = f32x4.add(v, f32x4.mul(v128.load(q, 48), f32x4.splat(c3)));
      v128.store(at, v);
      const w0 = load<f32>(omega + ((<usize>i) << 2));
      const w1 = load<f32>(omega + ((<usize>(i + 1)) << 2));
      // The bin's own frequency plus the input's deviation from its bin: a translated
      // partial lands exactly on pitch * its frequency, and an onset's bins (no
      // deviation) advance as their own bins do, so the onset stays where it was.
      store<f32>(this.vOmega + o, <f32>b + (w0 + t * (w1 - w0)) - m);
    }
    deinterleave(this.vQuad, this.vLr, this.vLi, this.vRr, this.vRi, bins);
    this.mapSteps();
  }

  /**
   * The phase step across each output edge b -> b+1: the input's step per
   * input bin at the edge's mapped position. Per input bin, not per mapped
   * distance: an event keeps its time offset within the frame wherever the
   * map glides, so transposing moves no onset.
   */
  private mapSteps(): void {
    const bins = this.bins;
    const half = bins - 1;
    const phase = this.xPhase;
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      let mr = v128.load(this.xLr + o);
      let mi = v128.load(this.xLi + o);
      if (this.channels == 2) {
        const rr = v128.load(this.xRr + o);
        const ri = v128.load(this.xRi + o);
        const side = Lanes.sideWins(mr, mi, rr, ri);
        mr = f32x4.add(mr, v128.xor(rr, side));
        mi = f32x4.add(mi, v128.xor(ri, side));
      }
      v128.store(phase + o, Lanes.atan2v(mi, mr));
    }
    // In place: step k reads phases k and k+1 before anything at k+1 is overwritten.
    for (let k = 0; k <= half; k += 4) {
      const o = (<usize>k) << 2;
      v128.store(phase + o, Lanes.wrapv(f32x4.sub(v128.load(phase + o + 4), v128.load(phase + o))));
    }
    const last = <f32>(half - 1);
    let m0 = load<f32>(this.mapPos);
    for (let b = 0; b < half; b++) {
      const m1 = load<f32>(this.mapPos + ((<usize>(b + 1)) << 2));
      const at = 0.5 * (m0 + m1) - 0.5;
      m0 = m1;
      let value: f32 = 0;
      if (at >= 0.0 && at <= last) {
        const i = min(<i32>at, half - 2);
        const t = at - <f32>i;
        const s0 = load<f32>(phase + ((<usize>i) << 2));
        const s1 = load<f32>(phase + ((<usize>(i + 1)) << 2));
        value = <f32>(s0 + t * (s1 - s0));
      }
      store<f32>(this.vStep + ((<usize>b) << 2), value);
    }
  }

  /** Multiplies the map gains by envelope(b) / envelope(m(b)): the formants stay where they were. */
  private formantGains(): void {
    const bins = this.bins;
    const env = this.envelope;
    const tmp = this.envelopeTmp;
    // The strongest energy within a window wider than the harmonic spacing, then
    // its mean over the same width: the envelope rides on the partials' peaks
    // instead of sinking into the valleys between them.
    const width = max(1, <i32>Math.round((ENVELOPE_HZ * <f64>this.fftSize) / this.sampleRate));
    maxFilter(env, this.xEnergy, bins, width);
    boxSmooth(env, tmp, bins, width);
    for (let k = 0; k < bins; k += 4) {
      const o = (<usize>k) << 2;
      v128.store(env + o, Lanes.log2v(f32x4.add(v128.load(env + o), f32x4.splat(1e-12))));
    }
    const top = <f32>(bins - 1);
    for (let b = 0; b < bins; b++) {
      const o = (<usize>b) << 2;
      const m = Mathf.min(Mathf.max(load<f32>(this.mapPos + o), 0.0), top);
      const i = min(<i32>m, bins - 2);
      const t = m - <f32>i;
      const e0 = load<f32>(env + ((<usize>i) << 2));
      const e1 = load<f32>(env + ((<usize>(i + 1)) << 2));
      const diff: f32 = Mathf.min(Mathf.max(load<f32>(env + o) - (e0 + t * (e1 - e0)), -8.0), 8.0);
      store<f32>(tmp + o, diff * 0.5);
    }
    for (let b = 0; b < bins; b += 4) {
      const o = (<usize>b) << 2;
      v128.store(this.mapGain + o, f32x4.mul(v128.load(this.mapGain + o), Lanes.exp2v(v128.load(tmp + o))));
    }
  }

  /** Guards for the interpolation's outer taps: bin -1 mirrors bin 1, the bin past the top is silent. */
  private mirrorGuards(): void {
    const top = (<usize>this.bins) << 2;
    store<f32>(this.xLr - 4, load<f32>(this.xLr + 4));
    store<f32>(this.xLi - 4, -load<f32>(this.xLi + 4));
    store<f32>(this.xRr - 4, load<f32>(this.xRr + 4));
    store<f32>(this.xRi - 4, -load<f32>(this.xRi + 4));
    store<f32>(this.xLr + top, 0);
    store<f32>(this.xLi + top, 0);
    store<f32>(this.xRr + top, 0);
    store<f32>(this.xRi + top, 0);
  }

  /** Turns each bin by (output phase - input phase), inverse-transforms the pair and overlap-adds it at output time t. */
  private synthesise(mapped: bool, t: i64): void {
    const n = this.fftSize;
    const half = n >> 1;
    const vr = mapped ? this.vLr : this.xLr;
    const vi = mapped ? this.vLi : this.xLi;
    const wr = mapped ? this.vRr : this.xRr;
    const wi = mapped ? this.vRi : this.xRi;
    const stereo = this.channels == 2;
    const re = this.fftRe;
    const im = this.fftIm;
    const zero = f32x4.splat(0);
    const phaseIn = this.phases.phaseIn;
    const phaseOut = this.phases.phaseOut;
    for (let k = 0; k < half; k += 4) {
      const o = (<usize>k) << 2;
      const angle = f32x4.sub(v128.load(phaseOut + o), v128.load(phaseIn + o));
      const c = Lanes.cosv(angle);
      const s = Lanes.sinv(angle);
      const ar = v128.load(vr + o);
      const ai = v128.load(vi + o);
      const lr = f32x4.sub(f32x4.mul(ar, c), f32x4.mul(ai, s));
      const li = f32x4.add(f32x4.mul(ar, s), f32x4.mul(ai, c));
      let rr = zero;
      let ri = zero;
      if (stereo) {
        const br = v128.load(wr + o);
        const bi = v128.load(wi + o);
        rr = f32x4.sub(f32x4.mul(br, c), f32x4.mul(bi, s));
        ri = f32x4.add(f32x4.mul(br, s), f32x4.mul(bi, c));
      }
      // Z = L + iR; Z[n-k] = conj(L) + i conj(R).
      v128.store(re + o, f32x4.sub(lr, ri));
      v128.store(im + o, f32x4.add(li, rr));
      const mirror = (<usize>(n - k - 3)) << 2;
      v128.store(re + mirror, reverse(f32x4.add(lr, ri)));
      v128.store(im + mirror, reverse(f32x4.sub(rr, li)));
    }
    // DC and Nyquist must stay real in both channels: keep the real part of the turned bin.
    const ho = (<usize>half) << 2;
    const dc = <f32>Math.cos(<f64>(load<f32>(phaseOut) - load<f32>(phaseIn)));
    const nyquist = <f32>Math.cos(<f64>(load<f32>(phaseOut + ho) - load<f32>(phaseIn + ho)));
    store<f32>(re, load<f32>(vr) * dc);
    store<f32>(im, stereo ? load<f32>(wr) * dc : 0);
    store<f32>(re + ho, load<f32>(vr + ho) * nyquist);
    store<f32>(im + ho, stereo ? load<f32>(wr + ho) * nyquist : 0);
    this.fft.forward(im, re);

    // Overlap-add: output frame index j (from t - n/2) is frame sample (j + n/2) mod n.
    const mask = this.ringMask;
    const ringRight = this.ring + ((<usize>(mask + 1)) << 2);
    const base = <i32>((t - <i64>half) & <i64>mask);
    // Only the pre-roll frames after a seek reach before the output position:
    // that part is never played, and written would wait in the ring for its next lap.
    const skip = <i32>min(max(this.outPos - (t - <i64>half), 0), <i64>n);
    for (let j = (skip + 3) & ~3; j < n; j += 4) {
      const w = v128.load(this.window + ((<usize>j) << 2));
      const src = (<usize>((j + half) & (n - 1))) << 2;
      const at = (<usize>((base + j) & mask)) << 2;
      v128.store(this.ring + at, f32x4.add(v128.load(this.ring + at), f32x4.mul(v128.load(re + src), w)));
      if (stereo) {
        v128.store(ringRight + at, f32x4.add(v128.load(ringRight + at), f32x4.mul(v128.load(im + src), w)));
      }
    }
  }

  /** Moves `frames` finished output frames of one channel out of the ring, clearing them there. */
  private emit(out: usize, channel: i32, frames: i32): void {
    const size = this.ringMask + 1;
    const ring = this.ring + ((<usize>(channel * size)) << 2);
    let from = <i32>(this.outPos & <i64>this.ringMask);
    let done = 0;
    while (done < frames) {
      const run = min(frames - done, size - from);
      const at = ring + ((<usize>from) << 2);
      memory.copy(out + ((<usize>done) << 2), at, (<usize>run) << 2);
      memory.fill(at, 0, (<usize>run) << 2);
      done += run;
      from = 0;
    }
  }
}
