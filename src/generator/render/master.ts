// The mix and its mastering: the stems summed, then the DSP core's mastering chain (dsp/master:
// width, EQ, compression, saturation), gain to the target integrated loudness (-14 LUFS) and the
// true-peak limiter (dsp/limiter.ts), so the result reads -14 LUFS and at most -1 dBTP. The remaster
// sliders (upsample: freedom, tone, clarity, strength, stereo width) move the chain; at
// their defaults the chain is the normal master.

import type { DspExports } from "../../engine/node.ts";
import type { PcmAudio, SongRequest } from "../song-request.ts";
import { integratedLufs, TRUE_PEAK_FLUSH } from "./loudness.ts";
import { eachBlock, instanceTools, stereoPair } from "./wasm-blocks.ts";

export const TARGET_LUFS = -14;
export const MAX_TRUE_PEAK_DB = -1;
/** The chain's input is brought to this loudness first, so its compressor threshold means the same for every song. */
export const CHAIN_INPUT_LUFS = -20;
/** The limiter's starting ceiling: its detector and the BS.1770 meter differ by a little near Nyquist. */
const LIMITER_CEILING_DB = -1.3;
const LOUDNESS_TOLERANCE_LU = 0.1;
const MAX_PASSES = 4;
export const DEFAULT_REMASTER: NonNullable<SongRequest["remaster"]> = {
  freedom: 0,
  tone: 0.5,
  clarity: 0.5,
  strength: 0.5,
  stereoWidth: 0.5,
};

export interface MasteredMix {
  readonly mix: PcmAudio;
  readonly integratedLufs: number;
  readonly truePeakDb: number;
}

/** The plain sum of stems (stereo; mono stems on both sides), as long as the longest. */
export function mixStems(stems: readonly PcmAudio[]): PcmAudio {
  const first = stems[0];
  if (!first) throw new Error("There are no stems to mix");
  const sampleRate = first.sampleRate;
  let frames = 0;
  for (const stem of stems) {
    if (stem.sampleRate !== sampleRate) {
      throw new Error(`Stems at ${stem.sampleRate} Hz and ${sampleRate} Hz cannot be mixed`);
    }
    frames = Math.max(frames, stereoPair(stem).left.length);
  }
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (const stem of stems) {
    const pair = stereoPair(stem);
    const r = pair.right ?? pair.left;
    for (let i = 0; i < pair.left.length; i++) {
      left[i] += pair.left[i];
      right[i] += r[i];
    }
  }
  return { sampleRate, channels: [left, right] };
}

/** How the sliders set the chain (each 0..1; see the file comment). */
export function chainSettings(remaster: NonNullable<SongRequest["remaster"]>) {
  const s = (value: number, fallback: number) =>
    Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : fallback;
  const tone = s(remaster.tone, 0.5);
  const clarity = s(remaster.clarity, 0.5);
  const strength = s(remaster.strength, 0.5);
  return {
    width: 2 * s(remaster.stereoWidth, 0.5),
    tiltDb: (tone - 0.5) * 8,
    presenceDb: (clarity - 0.5) * 6,
    airDb: (clarity - 0.5) * 6,
    // Strength 0 leaves the dynamics alone; 1 compresses at 4:1 from 6 dB lower.
    thresholdDb: -10 - (strength - 0.5) * 12,
    ratio: 1 + strength * 2 * 1.5,
    drive: s(remaster.freedom, 0),
    loudnessOffset: (strength - 0.5) * 4,
  };
}

export function masterMix(
  dsp: DspExports,
  input: PcmAudio,
  options: { targetLufs?: number; remaster?: SongRequest["remaster"] } = {},
): MasteredMix {
  // A mono premaster is mastered as the same signal on both sides.
  const pair = stereoPair(input);
  const premaster: PcmAudio = {
    sampleRate: input.sampleRate,
    channels: [pair.left, pair.right ?? pair.left],
  };
  const settings = chainSettings(options.remaster ?? DEFAULT_REMASTER);
  const target = (options.targetLufs ?? TARGET_LUFS) + settings.loudnessOffset;
  const sampleRate = premaster.sampleRate;
  const frames = stereoPair(premaster).left.length;
  const inputLufs = integratedLufs(dsp, premaster);
  if (!Number.isFinite(inputLufs)) {
    // Silence (or nearly): nothing to bring up.
    return {
      mix: { sampleRate, channels: [new Float32Array(frames), new Float32Array(frames)] },
      integratedLufs: -Infinity,
      truePeakDb: -Infinity,
    };
  }

  const t = instanceTools(dsp, sampleRate);
  dsp.masterConfigure(
    t.master,
    settings.width,
    settings.tiltDb,
    settings.presenceDb,
    settings.airDb,
    settings.thresholdDb,
    settings.ratio,
    settings.drive,
  );
  const chainGain = 10 ** ((CHAIN_INPUT_LUFS - inputLufs) / 20);
  const chained = { sampleRate, channels: [new Float32Array(frames), new Float32Array(frames)] };
  eachBlock(dsp, t, premaster, (start, n) => {
    dsp.masterProcess(t.master, t.left, t.right, n, chainGain);
    chained.channels[0].set(new Float32Array(dsp.memory.buffer, t.left, n), start);
    chained.channels[1].set(new Float32Array(dsp.memory.buffer, t.right, n), start);
  });

  let gainDb = target - integratedLufs(dsp, chained);
  let ceilingDb = LIMITER_CEILING_DB;
  let result: MasteredMix | null = null;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const reading = limit(dsp, chained, gainDb, ceilingDb);
    result = reading;
    const loudnessOk = Math.abs(reading.integratedLufs - target) <= LOUDNESS_TOLERANCE_LU;
    const peakOk = reading.truePeakDb <= MAX_TRUE_PEAK_DB;
    if (loudnessOk && peakOk) break;
    // The limiter takes some loudness off the top: ask for that much more gain.
    gainDb += target - reading.integratedLufs;
    if (!peakOk) ceilingDb -= reading.truePeakDb - MAX_TRUE_PEAK_DB + 0.05;
  }
  if (!result) throw new Error("Mastering made no pass");
  return result;
}

/**
 * gain, then the limiter, its latency taken out so the output lines up with the input; the output is
 * measured (BS.1770-4 loudness and true peak) in the same pass, as measureLoudness would read it.
 */
function limit(dsp: DspExports, audio: PcmAudio, gainDb: number, ceilingDb: number): MasteredMix {
  const t = instanceTools(dsp, audio.sampleRate);
  const frames = stereoPair(audio).left.length;
  const gain = 10 ** (gainDb / 20);
  dsp.limiterReset(t.limiter);
  dsp.limiterSetCeilingDb(t.limiter, ceilingDb);
  dsp.loudnessBegin(t.loudness, frames);
  dsp.truePeakReset(t.truePeak);
  const latency = dsp.limiterLatencyFrames(t.limiter);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  eachBlock(
    dsp,
    t,
    audio,
    (start, n) => {
      const l = new Float32Array(dsp.memory.buffer, t.left, n);
      const r = new Float32Array(dsp.memory.buffer, t.right, n);
      for (let i = 0; i < n; i++) {
        l[i] *= gain;
        r[i] *= gain;
      }
      dsp.limiterProcess(t.limiter, t.left, t.right, n);
      const from = Math.max(0, latency - start);
      const to = Math.min(n, frames + latency - start);
      if (to > from) {
        left.set(l.subarray(from, to), start + from - latency);
        right.set(r.subarray(from, to), start + from - latency);
        dsp.loudnessProcess(t.loudness, t.left + from * 4, t.right + from * 4, to - from);
        dsp.truePeakProcess(t.truePeak, t.left + from * 4, t.right + from * 4, to - from);
      }
    },
    latency,
  );
  // The interpolator's last outputs, as measureLoudness reads them.
  new Float32Array(dsp.memory.buffer, t.left, TRUE_PEAK_FLUSH).fill(0);
  new Float32Array(dsp.memory.buffer, t.right, TRUE_PEAK_FLUSH).fill(0);
  dsp.truePeakProcess(t.truePeak, t.left, t.right, TRUE_PEAK_FLUSH);
  const peak = dsp.truePeakRead(t.truePeak);
  return {
    mix: { sampleRate: audio.sampleRate, channels: [left, right] },
    integratedLufs: dsp.loudnessIntegrated(t.loudness),
    truePeakDb: peak > 0 ? 20 * Math.log10(peak) : -Infinity,
  };
}
