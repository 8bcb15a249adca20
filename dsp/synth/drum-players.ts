import { drumSound } from "./drum-kits";
import { DrumSynth } from "./drum-synth";
import { mixSeed } from "./noise";
import { addPanned, Panned4 } from "./pan-mix";
import { DRUM_CLOSED_HAT, DRUM_COUNT, DRUM_OPEN_HAT } from "./patches";

// The drum stem's sounds and players. Before the song, every drum the score hits is synthesized
// VARIANTS times with different noise (mono, unit gain); each hit then plays one of them, chosen from
// the seed and the hit's index, at its velocity and the drum's pan. A hit's samples thus cost a
// multiply-add per channel rather than a synthesis, and a drum does not repeat one identical sample
// hit after hit. An open hat is choked by the next closed hat.

const VARIANTS: i32 = 4;
const PLAYERS: i32 = 32;
/** A choked open hat dies with this time constant, over CHOKE_TIME_CONSTANTS of them (-60 dB). */
const CHOKE_SECONDS: f64 = 0.008;
const CHOKE_TIME_CONSTANTS: f64 = 6.91;

@unmanaged
class DrumPlayer {
  active: bool = false;
  drum: i32 = -1;
  order: u32 = 0;
  sample: usize = 0;
  length: i32 = 0;
  position: i32 = 0;
  gainL: f32 = 0;
  gainR: f32 = 0;
  choked: bool = false;
  chokeGain: f32 = 1;
}

@unmanaged
export class DrumBank {
  private readonly sampleRate: f64;
  private readonly kit: i32;
  private readonly gain: f64;
  private readonly seed: u32;
  /** DRUM_COUNT * VARIANTS sample pointers (0 until rendered) and their lengths. */
  private readonly samples: usize;
  private readonly lengths: usize;
  private readonly players: usize;
  private readonly chokeMul: f32;
  private readonly chokeFrames: i32;

  constructor(sampleRate: f64, kit: i32, gain: f64, seed: u32) {
    this.sampleRate = sampleRate;
    this.kit = kit;
    this.gain = gain;
    this.seed = seed;
    const slots = <usize>(DRUM_COUNT * VARIANTS);
    this.samples = heap.alloc(slots << 2);
    this.lengths = heap.alloc(slots << 2);
    memory.fill(this.samples, 0, slots << 2);
    memory.fill(this.lengths, 0, slots << 2);
    this.players = heap.alloc((<usize>PLAYERS) << 2);
    for (let i = 0; i < PLAYERS; i++)
      store<usize>(this.players + ((<usize>i) << 2), changetype<usize>(new DrumPlayer()));
    this.chokeMul = <f32>Math.exp(-1.0 / (CHOKE_SECONDS * sampleRate));
    this.chokeFrames = <i32>Math.ceil(CHOKE_SECONDS * CHOKE_TIME_CONSTANTS * sampleRate);
  }

  destroy(): void {
    for (let i = 0; i < DRUM_COUNT * VARIANTS; i++) {
      const sample = load<usize>(this.samples + ((<usize>i) << 2));
      if (sample != 0) heap.free(sample);
    }
    for (let i = 0; i < PLAYERS; i++) heap.free(load<usize>(this.players + ((<usize>i) << 2)));
    heap.free(this.samples);
    heap.free(this.lengths);
    heap.free(this.players);
    heap.free(changetype<usize>(this));
  }

  /** Setup only (allocates): synthesizes the variants of a drum, once. */
  prepare(drum: i32): void {
    if (drum < 0 || drum >= DRUM_COUNT) return;
    const synth = new DrumSynth();
    for (let v = 0; v < VARIANTS; v++) {
      const slot = (<usize>(drum * VARIANTS + v)) << 2;
      if (load<usize>(this.samples + slot) != 0) continue;
      synth.start(this.kit, drum, this.sampleRate, mixSeed(this.seed, <u32>(drum * VARIANTS + v)));
      const length = synth.lifetime;
      const sample = heap.alloc((<usize>max(1, length)) << 2);
      synth.render(sample, length);
      store<usize>(this.samples + slot, sample);
      store<i32>(this.lengths + slot, length);
    }
    synth.destroy();
  }

  /** Starts hit number `index` of the song (prepared drums only). */
  start(drum: i32, velocity: f64, index: i32, order: u32): void {
    if (drum < 0 || drum >= DRUM_COUNT) return;
    const variant = <i32>(mixSeed(this.seed ^ 0x5bd1e995, <u32>index) % <u32>VARIANTS);
    const slot = (<usize>(drum * VARIANTS + variant)) << 2;
    const sample = load<usize>(this.samples + slot);
    if (sample == 0) return;
    if (drum == DRUM_CLOSED_HAT) {
      for (let i = 0; i < PLAYERS; i++) {
        const p = changetype<DrumPlayer>(load<usize>(this.players + ((<usize>i) << 2)));
        if (p.active && p.drum == DRUM_OPEN_HAT && !p.choked) {
          p.choked = true;
          p.length = min(p.length, p.position + this.chokeFrames);
        }
      }
    }
    const sound = drumSound(this.kit, drum);
    const v = min(max(velocity, 0.0), 1.0);
    const g = this.gain * <f64>sound.level * v * Math.sqrt(v);
    const angle = (<f64>sound.pan + 1.0) * (Math.PI / 4.0);
    const player = this.freePlayer();
    player.active = true;
    player.drum = drum;
    player.order = order;
    player.sample = sample;
    player.length = load<i32>(this.lengths + slot);
    player.position = 0;
    player.gainL = <f32>(g * Math.cos(angle) * Math.SQRT2);
    player.gainR = <f32>(g * Math.sin(angle) * Math.SQRT2);
    player.choked = false;
    player.chokeGain = 1;
  }

  /** Adds every playing hit's next `frames` into planar f32 left and right. */
  render(left: usize, right: usize, frames: i32): void {
    for (let i = 0; i < PLAYERS; i++) {
      const p = changetype<DrumPlayer>(load<usize>(this.players + ((<usize>i) << 2)));
      if (!p.active) continue;
      const n = min(frames, p.length - p.position);
      const source = p.sample + ((<usize>p.position) << 2);
      const gainL = p.gainL;
      const gainR = p.gainR;
      let k = 0;
      if (p.choked) {
        let choke = p.chokeGain;
        const mul = this.chokeMul;
        for (; k < n; k++) {
          const y = load<f32>(source + ((<usize>k) << 2)) * choke;
          choke *= mul;
          const at = (<usize>k) << 2;
          addPanned(left, right, at, y, gainL, gainR);
        }
        p.chokeGain = choke;
      } else {
        // Four frames at a time: the same multiply and add per sample as the scalar tail.
        const vl = f32x4.splat(gainL);
        const vr = f32x4.splat(gainR);
        for (; k + 4 <= n; k += 4) {
          const at = (<usize>k) << 2;
          const y = v128.load(source + at);
          Panned4.add(left, right, at, y, vl, vr);
        }
        for (; k < n; k++) {
          const at = (<usize>k) << 2;
          const y = load<f32>(source + at);
          addPanned(left, right, at, y, gainL, gainR);
        }
      }
      p.position += n;
      if (p.position >= p.length) p.active = false;
    }
  }

  /** A free player, else the one started longest ago. */
  private freePlayer(): DrumPlayer {
    let best = changetype<DrumPlayer>(load<usize>(this.players));
    for (let i = 0; i < PLAYERS; i++) {
      const p = changetype<DrumPlayer>(load<usize>(this.players + ((<usize>i) << 2)));
      if (!p.active) return p;
      if (p.order < best.order) best = p;
    }
    return best;
  }
}
