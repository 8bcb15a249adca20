import { Compressor } from "../fx/compressor";
import { PingPongDelay } from "../fx/delay";
import { Ducker } from "../fx/ducker";
import { Reverb } from "../fx/reverb";
import { DrumBank } from "./drum-players";
import { STAGE_RELEASE } from "./envelope";
import { mixSeed } from "./noise";
import { KIT_LOFI } from "./patches";
import { Svf } from "./svf";
import { Voice } from "./voice";

// One stem of the generated song: its notes (or drum hits) played by a pool of voices, then its own
// effect sends (reverb, delay), bus compression (drums) and sidechain ducking, so the stems sum to
// the premaster mix. Everything is set up before the first render; rendering never allocates.
//
// A block is cut into segments at every note start, and each note starts, and hands a mono part
// over, exactly at its frame. Voices work four frames at a time within a segment and the drum bus
// compressor skips quiet blocks whole, so the samples depend on where blocks end: hosts render from
// the song start in calls of STEM_MAX_FRAMES (the last one shorter), and any two renders of a song
// then agree sample for sample.
//
// The host may also play into the stem: what it writes to the input buffers (inL, inR) before a
// render call is added to the dry signal of that block, so parts played elsewhere (the sampled
// instruments, rendered in JS) take the same bus compression, sends and ducking as the synth voices.

/** ABI: mirrored in src/generator/render/stem-layout.ts. Per note: start frame (i32), length in frames
 * (i32), pitch (f32, MIDI; the drum id for drums), velocity (f32, 0..1), instrument index (i32). */
export const NOTE_BYTES: i32 = 20;
/** ABI: the most frames one stemRender call writes (mirrored in stem-layout.ts). */
export const STEM_MAX_FRAMES: i32 = 8192;
export const MAX_INSTRUMENTS: i32 = 8;
const VOICES: i32 = 32;
/** Output beyond this is surely a fault (a runaway filter): it is clamped rather than passed on. */
const OUTPUT_LIMIT: f32 = 16;
/**
 * Stem headroom: a chord of full-velocity notes at the composer's gains (up to about 1) peaks near
 * -3 dBFS rather than over full scale, so stems can be stored as 16-bit files unclipped.
 */
const PITCHED_HEADROOM: f64 = 0.45;
const DRUM_HEADROOM: f64 = 0.8;
/** The lo-fi kit's tape-like top end. */
const LOFI_CUTOFF: f64 = 5500;

@unmanaged
class Instrument {
  patch: i32 = 0;
  gainL: f32 = 0;
  gainR: f32 = 0;
  mono: bool = false;
}

@unmanaged
export class Stem {
  readonly sampleRate: f64;
  private readonly seed: u32;
  readonly notes: usize;
  readonly noteCapacity: i32;
  private noteCount: i32 = 0;
  private nextNote: i32 = 0;
  readonly kicks: usize;
  readonly kickCapacity: i32;
  private kickCount: i32 = 0;
  private readonly instruments: usize;
  private instrumentCount: i32 = 0;
  private readonly voices: usize;
  private drums: usize = 0;
  private reverb: usize = 0;
  private reverbWet: f32 = 0;
  private delay: usize = 0;
  private delayWet: f32 = 0;
  private ducker: usize = 0;
  private compressor: usize = 0;
  private lofiL: usize = 0;
  private lofiR: usize = 0;
  readonly outL: usize;
  readonly outR: usize;
  readonly inL: usize;
  readonly inR: usize;
  private readonly dryL: usize;
  private readonly dryR: usize;
  private position: i32 = 0;
  private started: u32 = 0;

  constructor(sampleRate: f64, seed: u32, noteCapacity: i32, kickCapacity: i32) {
    this.sampleRate = sampleRate;
    this.seed = seed;
    this.noteCapacity = max(0, noteCapacity);
    this.notes = heap.alloc(<usize>max(1, this.noteCapacity) * <usize>NOTE_BYTES);
    this.kickCapacity = max(0, kickCapacity);
    this.kicks = heap.alloc((<usize>max(1, this.kickCapacity)) << 2);
    this.instruments = heap.alloc((<usize>MAX_INSTRUMENTS) << 2);
    for (let i = 0; i < MAX_INSTRUMENTS; i++) {
      store<usize>(this.instruments + ((<usize>i) << 2), changetype<usize>(new Instrument()));
    }
    this.voices = heap.alloc((<usize>VOICES) << 2);
    for (let i = 0; i < VOICES; i++) store<usize>(this.voices + ((<usize>i) << 2), 0);
    const bytes = (<usize>STEM_MAX_FRAMES) << 2;
    this.outL = heap.alloc(bytes);
    this.outR = heap.alloc(bytes);
    this.dryL = heap.alloc(bytes);
    this.dryR = heap.alloc(bytes);
    this.inL = heap.alloc(bytes);
    this.inR = heap.alloc(bytes);
    memory.fill(this.inL, 0, bytes);
    memory.fill(this.inR, 0, bytes);
  }

  destroy(): void {
    for (let i = 0; i < MAX_INSTRUMENTS; i++) heap.free(load<usize>(this.instruments + ((<usize>i) << 2)));
    heap.free(this.instruments);
    for (let i = 0; i < VOICES; i++) {
      const v = load<usize>(this.voices + ((<usize>i) << 2));
      if (v != 0) changetype<Voice>(v).destroy();
    }
    heap.free(this.voices);
    if (this.drums != 0) changetype<DrumBank>(this.drums).destroy();
    if (this.reverb != 0) changetype<Reverb>(this.reverb).destroy();
    if (this.delay != 0) changetype<PingPongDelay>(this.delay).destroy();
    if (this.ducker != 0) heap.free(this.ducker);
    if (this.compressor != 0) heap.free(this.compressor);
    if (this.lofiL != 0) heap.free(this.lofiL);
    if (this.lofiR != 0) heap.free(this.lofiR);
    heap.free(this.notes);
    heap.free(this.kicks);
    heap.free(this.outL);
    heap.free(this.outR);
    heap.free(this.dryL);
    heap.free(this.dryR);
    heap.free(this.inL);
    heap.free(this.inR);
    heap.free(changetype<usize>(this));
  }

  /** Notes must be sorted by start frame; count is clamped to the capacity. Setup only: for drums, synthesizes the hits used. */
  setNoteCount(count: i32): void {
    this.noteCount = min(max(count, 0), this.noteCapacity);
    if (this.drums != 0) {
      const bank = changetype<DrumBank>(this.drums);
      for (let i = 0; i < this.noteCount; i++)
        bank.prepare(<i32>load<f32>(this.notes + <usize>i * <usize>NOTE_BYTES, 8));
    }
  }

  setKicks(count: i32, depth: f64): void {
    this.kickCount = min(max(count, 0), this.kickCapacity);
    if (this.ducker != 0) heap.free(this.ducker);
    this.ducker =
      depth > 0 ? changetype<usize>(new Ducker(this.sampleRate, depth, this.kicks, this.kickCount)) : 0;
  }

  /** An instrument's index, or -1 when all MAX_INSTRUMENTS are taken. Pan -1 (left) to 1 (right). */
  addInstrument(patch: i32, gain: f64, pan: f64, mono: bool): i32 {
    if (this.instrumentCount >= MAX_INSTRUMENTS) return -1;
    const index = this.instrumentCount++;
    const instrument = changetype<Instrument>(load<usize>(this.instruments + ((<usize>index) << 2)));
    instrument.patch = patch;
    const angle = (min(max(pan, -1.0), 1.0) + 1.0) * (Math.PI / 4.0);
    instrument.gainL = <f32>(gain * PITCHED_HEADROOM * Math.cos(angle) * Math.SQRT2);
    instrument.gainR = <f32>(gain * PITCHED_HEADROOM * Math.sin(angle) * Math.SQRT2);
    instrument.mono = mono;
    for (let i = 0; i < VOICES; i++) {
      const at = this.voices + ((<usize>i) << 2);
      if (load<usize>(at) == 0) store<usize>(at, changetype<usize>(new Voice()));
    }
    return index;
  }

  /** Makes this the drum stem: notes are hits, their pitch the drum id. Call before setNoteCount. */
  setDrums(kit: i32, gain: f64): void {
    if (this.drums != 0) changetype<DrumBank>(this.drums).destroy();
    this.drums = changetype<usize>(new DrumBank(this.sampleRate, kit, gain * DRUM_HEADROOM, this.seed));
    if (kit == KIT_LOFI && this.lofiL == 0) {
      const left = new Svf();
      const right = new Svf();
      left.set(this.sampleRate, LOFI_CUTOFF, Math.SQRT1_2);
      right.set(this.sampleRate, LOFI_CUTOFF, Math.SQRT1_2);
      this.lofiL = changetype<usize>(left);
      this.lofiR = changetype<usize>(right);
    }
  }

  setReverb(size: f64, wet: f64): void {
    if (this.reverb != 0) changetype<Reverb>(this.reverb).destroy();
    this.reverb = wet > 0 ? changetype<usize>(new Reverb(this.sampleRate, size)) : 0;
    this.reverbWet = <f32>wet;
  }

  setDelay(frames: i32, feedback: f64, wet: f64): void {
    if (this.delay != 0) changetype<PingPongDelay>(this.delay).destroy();
    this.delay = wet > 0 && frames > 0 ? changetype<usize>(new PingPongDelay(frames, feedback)) : 0;
    this.delayWet = <f32>wet;
  }

  setCompressor(thresholdDb: f64, ratio: f64): void {
    if (this.compressor == 0) this.compressor = changetype<usize>(new Compressor());
    // A drum-bus glue setting: slow enough to let the transients through.
    changetype<Compressor>(this.compressor).set(this.sampleRate, thresholdDb, ratio, 6, 0.01, 0.12, 0);
  }

  /** Renders the next `frames` (at most STEM_MAX_FRAMES) into outL and outR; returns the frames written. */
  render(frames: i32): i32 {
    const n = min(max(frames, 0), STEM_MAX_FRAMES);
    const bytes = (<usize>n) << 2;
    memory.fill(this.dryL, 0, bytes);
    memory.fill(this.dryR, 0, bytes);
    const end = this.position + n;
    let segment = this.position;
    while (segment < end) {
      let next = end;
      if (this.nextNote < this.noteCount) next = min(next, max(segment, this.noteStart(this.nextNote)));
      if (next > segment) this.renderVoices(segment - this.position, next - segment);
      segment = next;
      while (this.nextNote < this.noteCount && this.noteStart(this.nextNote) <= segment && segment < end) {
        this.startNote(this.nextNote);
        this.nextNote++;
      }
    }

    addInput(this.dryL, this.inL, n);
    addInput(this.dryR, this.inR, n);
    if (this.compressor != 0) changetype<Compressor>(this.compressor).process(this.dryL, this.dryR, n);
    if (this.lofiL != 0) {
      const left = changetype<Svf>(this.lofiL);
      const right = changetype<Svf>(this.lofiR);
      for (let i = 0; i < n; i++) {
        const at = (<usize>i) << 2;
        store<f32>(this.dryL + at, left.lowPass(load<f32>(this.dryL + at)));
        store<f32>(this.dryR + at, right.lowPass(load<f32>(this.dryR + at)));
      }
      left.clean();
      right.clean();
    }
    memory.copy(this.outL, this.dryL, bytes);
    memory.copy(this.outR, this.dryR, bytes);
    if (this.reverb != 0) {
      changetype<Reverb>(this.reverb).process(this.dryL, this.dryR, this.outL, this.outR, n, this.reverbWet);
    }
    if (this.delay != 0) {
      changetype<PingPongDelay>(this.delay).process(
        this.dryL,
        this.dryR,
        this.outL,
        this.outR,
        n,
        this.delayWet,
      );
    }
    if (this.ducker != 0) changetype<Ducker>(this.ducker).process(this.outL, this.outR, n, this.position);
    sanitize(this.outL, n);
    sanitize(this.outR, n);
    this.position = end;
    return n;
  }

  @inline
  private noteStart(index: i32): i32 {
    return load<i32>(this.notes + <usize>index * <usize>NOTE_BYTES);
  }

  private renderVoices(offset: i32, frames: i32): void {
    const left = this.dryL + ((<usize>offset) << 2);
    const right = this.dryR + ((<usize>offset) << 2);
    if (this.drums != 0) changetype<DrumBank>(this.drums).render(left, right, frames);
    for (let i = 0; i < VOICES; i++) {
      const at = load<usize>(this.voices + ((<usize>i) << 2));
      if (at == 0) break;
      const voice = changetype<Voice>(at);
      if (voice.active) voice.render(left, right, frames);
    }
  }

  private startNote(index: i32): void {
    const at = this.notes + <usize>index * <usize>NOTE_BYTES;
    const length = load<i32>(at, 4);
    const pitch = <f64>load<f32>(at, 8);
    const velocity = <f64>load<f32>(at, 12);
    const instrumentIndex = load<i32>(at, 16);
    const seed = mixSeed(this.seed, <u32>index);
    const order = this.started++;
    if (this.drums != 0) {
      changetype<DrumBank>(this.drums).start(<i32>pitch, velocity, index, order);
      return;
    }
    if (instrumentIndex < 0 || instrumentIndex >= this.instrumentCount) return;
    const instrument = changetype<Instrument>(
      load<usize>(this.instruments + ((<usize>instrumentIndex) << 2)),
    );
    if (instrument.mono) {
      for (let i = 0; i < VOICES; i++) {
        const v = changetype<Voice>(load<usize>(this.voices + ((<usize>i) << 2)));
        if (v.active && v.instrument == instrumentIndex) v.releaseNow();
      }
    }
    const voice = this.freeVoice();
    voice.order = order;
    voice.instrument = instrumentIndex;
    voice.start(
      instrument.patch,
      this.sampleRate,
      pitch,
      velocity,
      max(1, length),
      instrument.gainL,
      instrument.gainR,
      seed,
    );
  }

  /** A free voice, else the oldest releasing one, else the oldest. */
  private freeVoice(): Voice {
    let best: Voice | null = null;
    let bestScore: u64 = u64.MAX_VALUE;
    for (let i = 0; i < VOICES; i++) {
      const v = changetype<Voice>(load<usize>(this.voices + ((<usize>i) << 2)));
      if (!v.active) return v;
      const releasing: u64 = v.envelope.stage >= STAGE_RELEASE ? 0 : 1;
      const score = (releasing << 32) | <u64>v.order;
      if (score < bestScore) {
        bestScore = score;
        best = v;
      }
    }
    return changetype<Voice>(best);
  }
}

/** dry += input, four samples at a time (buffers hold STEM_MAX_FRAMES). */
function addInput(dry: usize, input: usize, frames: i32): void {
  for (let i = 0; i < frames; i += 4) {
    const at = (<usize>i) << 2;
    v128.store(dry + at, f32x4.add(v128.load(dry + at), v128.load(input + at)));
  }
}

/** NaN becomes 0 and the rest is clamped to +-OUTPUT_LIMIT, four samples at a time (buffers hold STEM_MAX_FRAMES). */
function sanitize(buffer: usize, frames: i32): void {
  const limit = f32x4.splat(OUTPUT_LIMIT);
  const floor = f32x4.splat(-OUTPUT_LIMIT);
  for (let i = 0; i < frames; i += 4) {
    const at = buffer + ((<usize>i) << 2);
    const x = v128.load(at);
    const clamped = f32x4.pmin(limit, f32x4.pmax(floor, x));
    v128.store(at, v128.and(clamped, f32x4.eq(x, x)));
  }
}
