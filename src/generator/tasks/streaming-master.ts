// Mastering a song while it renders, so the audio a clip streams is its final audio: the same chain
// as render/master.ts (dsp/master's EQ and compressor, a loudness gain, the true-peak limiter), with
// both gains decided up front from a probe (a few bars of the song's loudest section) instead of
// from the whole song, which is not there yet.
import type { DspExports } from "../../engine/node.ts";
import { integratedLufs } from "../render/loudness.ts";
import { CHAIN_INPUT_LUFS, chainSettings, DEFAULT_REMASTER, TARGET_LUFS } from "../render/master.ts";
import type { PcmAudio } from "../song-request.ts";

/** The normal master's chain: render/master.ts's at the remaster sliders' defaults. */
const CHAIN = chainSettings(DEFAULT_REMASTER);
/**
 * The probe (the loudest section) reads louder than the whole song's integrated loudness, whose
 * gating keeps the quiet intro and breaks in: measured over generated songs, about this much.
 */
const PROBE_EXCESS_LU = 1;
/**
 * The share of the sections' mean drop that reaches the integrated loudness: BS.1770's relative gate
 * leaves out the deepest cuts and the end fade, and the master's compressor narrows the rest.
 */
const SECTION_DROP_SHARE = 0.6;
/** Under render/master.ts's -1.3 dB: with no second pass to correct it, the true peak needs the margin. */
const CEILING_DB = -1.5;
/** Frames per call into wasm memory. */
const BLOCK = 8192;

interface Handles {
  readonly master: number;
  readonly limiter: number;
  readonly left: number;
  readonly right: number;
}

/** Chains and limiters made for an instance, reused song after song (the core cannot free them). */
const idle = new WeakMap<DspExports, Map<number, Handles[]>>();

function acquire(dsp: DspExports, sampleRate: number): Handles {
  let byRate = idle.get(dsp);
  if (!byRate) {
    byRate = new Map();
    idle.set(dsp, byRate);
  }
  const reused = byRate.get(sampleRate)?.pop();
  if (reused) return reused;
  const master = dsp.masterCreate(sampleRate);
  const limiter = dsp.limiterCreate(sampleRate);
  if (master === 0 || limiter === 0) throw new Error(`The mastering chain cannot run at ${sampleRate} Hz`);
  return { master, limiter, left: dsp.alloc(BLOCK * 4), right: dsp.alloc(BLOCK * 4) };
}

function release(dsp: DspExports, sampleRate: number, handles: Handles): void {
  const byRate = idle.get(dsp);
  const list = byRate?.get(sampleRate) ?? [];
  list.push(handles);
  byRate?.set(sampleRate, list);
}

/**
 * The gains for a song whose loudest section sounds like `probe` (a premaster) and whose sections
 * play `sectionDropLu` quieter on average (render/section-dynamics.ts).
 */
export function mastersGains(
  dsp: DspExports,
  probe: PcmAudio,
  sectionDropLu = 0,
): { chainGain: number; outputGain: number } | null {
  const excess = PROBE_EXCESS_LU + SECTION_DROP_SHARE * sectionDropLu;
  const input = integratedLufs(dsp, probe) - excess;
  if (!Number.isFinite(input)) return null;
  const chainGain = 10 ** ((CHAIN_INPUT_LUFS - input) / 20);
  const master = new StreamingMaster(dsp, probe.sampleRate, { chainGain, outputGain: 1 });
  const chained = master.chainOnly(probe);
  master.release();
  const output = integratedLufs(dsp, chained) - excess;
  return {
    chainGain,
    outputGain: Number.isFinite(output) ? 10 ** ((TARGET_LUFS + CHAIN.loudnessOffset - output) / 20) : 1,
  };
}

/**
 * Masters a premaster pushed in order, chunk by chunk, returning the mastered audio as it comes out
 * (the limiter's latency taken out: the output lines up with the input). finish() returns the rest
 * and hands the handles back.
 */
export class StreamingMaster {
  private readonly handles: Handles;
  private readonly latency: number;
  /** Output frames still to drop at the start: the limiter's delay. */
  private toSkip: number;
  private released = false;

  constructor(
    private readonly dsp: DspExports,
    readonly sampleRate: number,
    private readonly gains: { chainGain: number; outputGain: number },
  ) {
    this.handles = acquire(dsp, sampleRate);
    const { master, limiter } = this.handles;
    dsp.masterConfigure(
      master,
      CHAIN.width,
      CHAIN.tiltDb,
      CHAIN.presenceDb,
      CHAIN.airDb,
      CHAIN.thresholdDb,
      CHAIN.ratio,
      CHAIN.drive,
    );
    dsp.limiterReset(limiter);
    dsp.limiterSetCeilingDb(limiter, CEILING_DB);
    this.latency = dsp.limiterLatencyFrames(limiter);
    this.toSkip = this.latency;
  }

  /** The chain alone (no output gain, no limiter), for measuring a probe. */
  chainOnly(audio: PcmAudio): PcmAudio {
    return this.run(audio, false);
  }

  /** Masters the next chunk; returns the mastered frames ready so far (fewer at the start). */
  push(chunk: PcmAudio): PcmAudio {
    const out = this.run(chunk, true);
    const skip = Math.min(this.toSkip, out.channels[0].length);
    this.toSkip -= skip;
    return { sampleRate: this.sampleRate, channels: out.channels.map((channel) => channel.subarray(skip)) };
  }

  /** The mastered frames still inside the limiter (as many as were pushed and not yet returned); releases. */
  finish(): PcmAudio {
    const latency = this.latency;
    const out = this.push({
      sampleRate: this.sampleRate,
      channels: [new Float32Array(latency), new Float32Array(latency)],
    });
    this.release();
    return out;
  }

  /** Hands the chain and limiter back for the next song; the master is unusable after. */
  release(): void {
    if (this.released) return;
    this.released = true;
    release(this.dsp, this.sampleRate, this.handles);
  }

  private run(audio: PcmAudio, limit: boolean): PcmAudio {
    if (this.released) throw new Error("The master was released");
    const { dsp } = this;
    const { master, limiter, left: l, right: r } = this.handles;
    const [inLeft, inRight = inLeft] = audio.channels;
    const frames = inLeft.length;
    const left = new Float32Array(frames);
    const right = new Float32Array(frames);
    const gain = this.gains.outputGain;
    for (let start = 0; start < frames; start += BLOCK) {
      const n = Math.min(BLOCK, frames - start);
      const bl = new Float32Array(dsp.memory.buffer, l, n);
      const br = new Float32Array(dsp.memory.buffer, r, n);
      bl.set(inLeft.subarray(start, start + n));
      br.set(inRight.subarray(start, start + n));
      dsp.masterProcess(master, l, r, n, this.gains.chainGain);
      if (limit) {
        for (let i = 0; i < n; i++) {
          bl[i] *= gain;
          br[i] *= gain;
        }
        dsp.limiterProcess(limiter, l, r, n);
      }
      left.set(bl, start);
      right.set(br, start);
    }
    return { sampleRate: this.sampleRate, channels: [left, right] };
  }
}
