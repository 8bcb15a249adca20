// Moving long audio through the DSP core block by block: songs stay in JS Float32Arrays and only a
// block at a time sits in wasm memory, so a long song does not grow the instance by hundreds of MB.
// The scratch blocks and the meters are made once per instance (setup allocations) and reused.

import type { DspExports } from "../../engine/node.ts";
import type { PcmAudio } from "../song-request.ts";

/** Frames per block moved through wasm memory. */
export const WASM_BLOCK = 8192;

interface InstanceTools {
  readonly left: number;
  readonly right: number;
  loudness: number;
  truePeak: number;
  master: number;
  limiter: number;
  rate: number;
}

const tools = new WeakMap<DspExports, InstanceTools>();

/** The instance's scratch blocks and meters, made for `sampleRate` on first use. */
export function instanceTools(dsp: DspExports, sampleRate: number): InstanceTools {
  let t = tools.get(dsp);
  if (!t) {
    const left = dsp.alloc(WASM_BLOCK * 4);
    const right = dsp.alloc(WASM_BLOCK * 4);
    t = { left, right, loudness: 0, truePeak: 0, master: 0, limiter: 0, rate: 0 };
    tools.set(dsp, t);
  }
  if (t.rate !== sampleRate) {
    const loudness = dsp.loudnessCreate(sampleRate);
    const master = dsp.masterCreate(sampleRate);
    if (loudness === 0 || master === 0) throw new Error(`The mastering chain cannot run at ${sampleRate} Hz`);
    t.loudness = loudness;
    t.master = master;
    t.limiter = dsp.limiterCreate(sampleRate);
    t.truePeak = t.truePeak || dsp.truePeakCreate(WASM_BLOCK);
    t.rate = sampleRate;
  }
  return t;
}

/** Left and right of stereo or mono audio; a mono signal's right channel reads as silence. */
export function stereoPair(audio: PcmAudio): { left: Float32Array; right: Float32Array | null } {
  const [left, right] = audio.channels;
  if (!left) throw new Error("The audio has no channels");
  if (audio.channels.length > 2)
    throw new Error(`Stereo or mono audio expected, not ${audio.channels.length} channels`);
  return { left, right: right ?? null };
}

/**
 * Calls visit(frames) with each block of the audio copied into the scratch blocks (a missing right
 * channel as zeros, `pad` frames of silence after the end).
 */
export function eachBlock(
  dsp: DspExports,
  t: InstanceTools,
  audio: PcmAudio,
  visit: (start: number, frames: number) => void,
  pad = 0,
): void {
  const { left, right } = stereoPair(audio);
  const total = left.length + pad;
  for (let start = 0; start < total; start += WASM_BLOCK) {
    const frames = Math.min(WASM_BLOCK, total - start);
    const l = new Float32Array(dsp.memory.buffer, t.left, frames);
    const r = new Float32Array(dsp.memory.buffer, t.right, frames);
    l.fill(0);
    r.fill(0);
    if (start < left.length) {
      const end = Math.min(left.length, start + frames);
      l.set(left.subarray(start, end));
      if (right) r.set(right.subarray(start, end));
    }
    visit(start, frames);
  }
}
