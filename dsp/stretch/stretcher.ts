import { Fft } from "./fft";
import { FrameAnalysis } from "./frame-analysis";
import { FrameSynthesis } from "./frame-synthesis";
import { FrameSpectrum, PhaseIntegrator } from "./phase-integration";
import { ENVELOPE_HZ, PitchMap } from "./pitch-map";
import { StretchArena } from "./stretch-arena";
import { StretchSource } from "./stretch-source";
import { TimeMap } from "./time-map";
import { ONSET_BLOCK, OnsetDetector } from "./transients";

// Streaming time-stretch and pitch-shift for one mono or stereo stream: a phase vocoder whose
// phases come from phase-gradient heap integration (Prusa and Holighaus, "Phase vocoder done right",
// 2017), with a transient lock in the time map and pitch shifting on the spectrum.
//
// Use (in wasm, e.g. a clip voice; exports.ts wraps the same for JavaScript):
//   const st = new Stretcher(sampleRate, channels, maxBlock);  // allocates all it will use
//   st.setTransposition(semitones, formant); st.setStretch(stretch);
//   st.setSource(left, right, firstFrame, frames); st.setLoop(start, end);  // the input, random access
//   st.seek(inputTime);                                // the next output frame plays this input time
//   each block: st.plan(frames, inputTimeAhead); st.render(outLeft, outRight);
// inputTimeAhead is the input time that plays at output frame (block end + lookahead()); NaN follows
// setStretch. Nothing allocates after construction. This file is the core (the timeline and the
// frame loop); each part has a file named for it (arena, source, time map, onsets, analysis, pitch
// map, synthesis, phases), and docs/design/stretcher.md has the whole design: frames and hops, the
// stereo pair in one complex FFT, phases, onsets, formants.

/** Stretch (output duration / input duration) limits. */
export const MIN_STRETCH: f64 = 1.0 / 128.0;
export const MAX_STRETCH: f64 = 128.0;
/** Transposition limits in semitones. */
export const MAX_SEMITONES: f64 = 24.0;

/** Analysis/synthesis overlap: hop = fftSize / OVERLAP. */
const OVERLAP: i32 = 4;
/** Group-delay scaling is clamped to this range: beyond it phase steps would be noise anyway. */
const MIN_TIME_SCALE: f32 = 0.125;
const MAX_TIME_SCALE: f32 = 4.0;
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
  /** Unpacks, windows and measures each frame's spectra into analysed. */
  private readonly analysis!: FrameAnalysis;
  /** The output phases, integrated frame by frame. */
  private readonly phases!: PhaseIntegrator;
  /** What a frame synthesises: the analysis as it is, or its pitch-mapped copy. */
  private readonly analysed!: FrameSpectrum;
  private readonly pitchMapped!: FrameSpectrum;
  /** Moves the analysis to the set pitch (and keeps the formants) into pitchMapped. */
  private readonly pitchMap!: PitchMap;
  /** Turns, inverse-transforms and overlap-adds each frame; its ring holds the pending output. */
  private readonly synthesis!: FrameSynthesis;
  /** The transient lock's onsets, found ahead of the frames that need them. */
  private readonly onsets!: OnsetDetector;
  /** Which input time each output frame analyses: the caller's map with the transient lock on it. */
  private readonly timeMap!: TimeMap;
  /** Every array above lives in this one zeroed block. */
  private readonly arena!: StretchArena;

  // Parameters.
  private pitch: f32 = 1.0;
  private formant: bool = false;

  /** The input, read through its loop, silence outside it. */
  private readonly source: StretchSource = new StretchSource();

  // Timeline: output frames since the seek, the next frame's centre, and the
  // time map's last two points (output frame, input time).
  private outPos: i64 = 0;
  private nextFrame: i64 = 0;
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
    let ringFrames = 16;
    // Pending output spans at most a block and a window past the output position.
    while (ringFrames < n + this.maxBlock + this.hop) ringFrames <<= 1;
    const a = new StretchArena(n, ringFrames);
    this.arena = a;
    this.onsets = new OnsetDetector(
      sampleRate,
      this.channels == 2,
      a.onsetTimes,
      a.onsetBuffer,
      a.onsetHistory,
    );
    this.timeMap = new TimeMap(n, this.onsets);
    this.phases = new PhaseIntegrator(
      this.bins,
      this.channels == 2,
      this.hop,
      n,
      a.phaseIn,
      a.step,
      a.advance,
      a.phaseOut,
      a.phasePrev,
      a.omegaPrev,
      a.keyCur,
      a.keyPrev,
      a.queueNext,
      a.queueHeads,
      a.done,
    );
    this.analysed = new FrameSpectrum(a.xLr, a.xLi, a.xRr, a.xRi, a.xOmega, a.xEnergy, 0);
    this.pitchMapped = new FrameSpectrum(a.vLr, a.vLi, a.vRr, a.vRi, a.vOmega, a.vEnergy, a.vStep);
    this.analysis = new FrameAnalysis(
      n,
      this.channels == 2,
      a.rawLr,
      a.rawLi,
      a.rawRr,
      a.rawRi,
      this.analysed,
    );
    this.pitchMap = new PitchMap(
      this.bins,
      this.channels == 2,
      max(1, <i32>Math.round((ENVELOPE_HZ * <f64>n) / sampleRate)),
      this.analysed,
      this.pitchMapped,
      a.phase,
      a.mapPos,
      a.mapGain,
      a.envelope,
      a.envelopeTmp,
      a.peakIn,
      a.peakOut,
      a.xQuad,
      a.vQuad,
    );
    a.fillWindow(n, this.hop);
    this.synthesis = new FrameSynthesis(
      n,
      this.channels == 2,
      this.fft,
      a.fftRe,
      a.fftIm,
      a.window,
      a.ring,
      ringFrames - 1,
    );
    this.seek(0.0);
  }

  /** Frees everything, the stretcher included. */
  destroy(): void {
    this.fft.destroy();
    heap.free(changetype<usize>(this.phases));
    heap.free(changetype<usize>(this.onsets));
    heap.free(changetype<usize>(this.timeMap));
    heap.free(changetype<usize>(this.analysed));
    heap.free(changetype<usize>(this.pitchMapped));
    heap.free(changetype<usize>(this.pitchMap));
    heap.free(changetype<usize>(this.analysis));
    heap.free(changetype<usize>(this.synthesis));
    heap.free(changetype<usize>(this.source));
    this.arena.destroy();
    heap.free(changetype<usize>(this));
  }

  // ----- parameters -----

  /** Output duration / input duration, clamped to [1/128, 128]; used by process() and plan() without a map point. */
  setStretch(stretch: f64): void {
    if (!isFinite(stretch)) return;
    this.timeMap.stretch = Math.min(Math.max(stretch, MIN_STRETCH), MAX_STRETCH);
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
    this.source.set(left, right, first, frames);
  }

  /** Input frames at or past end read from start on (a looped source); end <= start: no loop. */
  setLoop(start: f64, end: f64): void {
    this.source.setLoop(start, end);
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
    this.timeMap.reset(inputTime);
    this.planned = 0;
    this.fresh = true;
    this.scanFresh = true;
    this.onsets.forget();
    this.arena.clearRing();
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
    this.timeMap.extend(endOut, inputTimeAhead);
    this.planned = frames;
    // The lock of the last planned frame depends on onsets up to 2.5 windows past
    // it (a zone's reach plus, between close onsets, two ramps).
    const n = <f64>this.fftSize;
    const lastFrame =
      <f64>this.nextFrame + Math.ceil((endOut - <f64>this.nextFrame) / <f64>this.hop) * <f64>this.hop;
    if (this.scanFresh) {
      const back = Math.min(
        this.timeMap.inputTimeAt(<f64>this.nextFrame - 2.5 * n),
        this.timeMap.inputTimeAt(<f64>this.nextFrame),
      );
      this.onsets.restart(<i64>Math.floor(back - 0.5 * n) - <i64>ONSET_BLOCK);
      this.scanFresh = false;
    }
    const ahead = Math.max(
      this.timeMap.inputTimeAt(lastFrame + 2.5 * n),
      this.timeMap.inputTimeAt(lastFrame),
    );
    this.scanTarget = <i64>Math.ceil(ahead + 0.5 * n) + <i64>ONSET_BLOCK;
    if (this.timeMap.lockFactor() == 0.0) this.onsets.skipTo(this.scanTarget);
  }

  /** First input frame the planned render reads, a whole number (frames before it are no longer needed). */
  inputFrom(): f64 {
    const end = this.outPos + <i64>this.planned + <i64>(this.fftSize >> 1);
    let from = this.centreAt(this.nextFrame);
    for (let t = this.nextFrame; t < end; t += <i64>this.hop) from = Math.min(from, this.centreAt(t));
    from = Math.floor(from - <f64>(this.fftSize >> 1) - this.timeMap.lockMargin());
    return this.onsets.pos < this.scanTarget ? Math.min(from, <f64>this.onsets.pos) : from;
  }

  /** One past the last input frame the planned render reads, a whole number. */
  inputTo(): f64 {
    const end = this.outPos + <i64>this.planned + <i64>(this.fftSize >> 1);
    let to = this.centreAt(this.nextFrame);
    for (let t = this.nextFrame; t < end; t += <i64>this.hop) to = Math.max(to, this.centreAt(t));
    to = Math.ceil(to + <f64>(this.fftSize >> 1) + this.timeMap.lockMargin());
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
    this.synthesis.emit(outLeft, 0, frames, this.outPos);
    if (this.channels == 2) this.synthesis.emit(outRight, 1, frames, this.outPos);
    this.outPos += <i64>frames;
    this.planned = 0;
  }

  /** plan(frames, NaN) then render: `frames` output frames at the set stretch. */
  process(outLeft: usize, outRight: usize, frames: i32): void {
    this.plan(frames, NaN);
    this.render(outLeft, outRight);
  }

  private centreAt(t: i64): f64 {
    return Math.floor(this.timeMap.inputTimeAt(<f64>t) + 0.5);
  }

  /** Runs the onset detector over the input up to `target`. */
  private scan(target: i64): void {
    const onsets = this.onsets;
    while (onsets.pos + <i64>ONSET_BLOCK <= target) {
      this.source.read(0, onsets.left, onsets.pos, ONSET_BLOCK);
      if (this.channels == 2) this.source.read(1, onsets.right, onsets.pos, ONSET_BLOCK);
      onsets.detect();
    }
  }

  // ----- one frame -----

  private processFrame(t: i64): void {
    this.scan(this.scanTarget);
    const time = this.timeMap.inputTimeAt(<f64>t) + this.timeMap.lockOffset(<f64>t);
    const centre = <i64>Math.floor(time + 0.5);
    // Local stretch: synthesis hop over the input time this frame moved.
    let scale = <f32>this.timeMap.stretch;
    if (!this.fresh) {
      const moved = Math.abs(time - this.prevInputTime);
      scale = moved > 1e-6 ? <f32>(<f64>this.hop / moved) : MAX_TIME_SCALE;
    }
    scale = Mathf.min(Mathf.max(scale, MIN_TIME_SCALE), MAX_TIME_SCALE);
    // Locked frames move exactly a hop; rounding must not make them "stretch".
    if (Mathf.abs(scale - 1.0) < 1e-4) scale = 1.0;
    this.prevInputTime = time;

    this.gather(centre);
    this.fft.forward(this.arena.fftRe, this.arena.fftIm);
    this.analysis.analyse(this.arena.fftRe, this.arena.fftIm);
    const mapped = this.pitch != 1.0 || this.formant;
    if (mapped) this.pitchMap.map(this.pitch, this.formant);
    this.phases.integrate(mapped ? this.pitchMapped : this.analysed, mapped, scale, this.fresh);
    this.synthesis.synthesise(
      mapped ? this.pitchMapped : this.analysed,
      this.phases.phaseIn,
      this.phases.phaseOut,
      t,
      this.outPos,
    );
    this.phases.swap();
    this.fresh = false;
  }

  /** Reads input frames [centre - n/2, centre + n/2) rotated by n/2 (zero-phase frame): left into fftRe, right into fftIm. */
  private gather(centre: i64): void {
    const half = this.fftSize >> 1;
    const halfBytes = (<usize>half) << 2;
    const re = this.arena.fftRe;
    const im = this.arena.fftIm;
    this.source.read(0, re, centre, half);
    this.source.read(0, re + halfBytes, centre - <i64>half, half);
    if (this.channels == 2) {
      this.source.read(1, im, centre, half);
      this.source.read(1, im + halfBytes, centre - <i64>half, half);
    } else {
      memory.fill(im, 0, halfBytes << 1);
    }
  }
}
