// A producer's measures of a finished mix, computed here independently of the generator's own DSP:
// left/right correlation, octave-band balance from an averaged spectrum, the share of energy under
// 60 Hz, how long the end stays near-silent, and EBU R128 loudness range read from ffmpeg's ebur128.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ffmpeg from "@ffmpeg-installer/ffmpeg";
import type { PcmAudio } from "../src/generator/song-request.ts";
import { fft } from "./spectrum.ts";

/** Pearson correlation of left and right over the whole mix (1: mono; 0: unrelated sides). */
export function stereoCorrelation(audio: PcmAudio): number {
  const [l, r] = audio.channels;
  let lr = 0;
  let ll = 0;
  let rr = 0;
  for (let i = 0; i < l.length; i++) {
    lr += l[i] * r[i];
    ll += l[i] * l[i];
    rr += r[i] * r[i];
  }
  return lr / Math.sqrt(ll * rr);
}

const FFT_SIZE = 8192;

/** The mid signal's power spectrum (Hann windows, half overlapping), averaged over the mix. */
export function powerSpectrum(audio: PcmAudio): { power: Float64Array; binHz: number } {
  const [l, r] = audio.channels;
  const power = new Float64Array(FFT_SIZE / 2);
  const window = Float64Array.from(
    { length: FFT_SIZE },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE),
  );
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  for (let start = 0; start + FFT_SIZE <= l.length; start += FFT_SIZE / 2) {
    for (let i = 0; i < FFT_SIZE; i++) {
      re[i] = ((l[start + i] + r[start + i]) / 2) * window[i];
      im[i] = 0;
    }
    fft(re, im);
    for (let k = 0; k < FFT_SIZE / 2; k++) power[k] += re[k] * re[k] + im[k] * im[k];
  }
  return { power, binHz: audio.sampleRate / FFT_SIZE };
}

function bandPower(spectrum: { power: Float64Array; binHz: number }, fromHz: number, toHz: number): number {
  let sum = 0;
  for (let k = Math.ceil(fromHz / spectrum.binHz); k * spectrum.binHz < toHz; k++) sum += spectrum.power[k];
  return sum;
}

/** The 8 kHz octave's energy against the 1 kHz octave's, in dB (negative: duller). */
export function airBalanceDb(audio: PcmAudio): number {
  const s = powerSpectrum(audio);
  const octave = (hz: number) => bandPower(s, hz / Math.SQRT2, hz * Math.SQRT2);
  return 10 * Math.log10(octave(8000) / octave(1000));
}

/** The share (0..1) of the mix's energy under 60 Hz. */
export function subShare(audio: PcmAudio): number {
  const s = powerSpectrum(audio);
  return bandPower(s, 0, 60) / bandPower(s, 0, audio.sampleRate / 2);
}

/** Seconds at the end where every 50 ms window stays 60 dB under the mix's loudest window. */
export function silentEndSeconds(audio: PcmAudio): number {
  const [l, r] = audio.channels;
  const win = Math.round(audio.sampleRate * 0.05);
  const levels: number[] = [];
  for (let start = 0; start + win <= l.length; start += win) {
    let sum = 0;
    for (let i = start; i < start + win; i++) sum += l[i] * l[i] + r[i] * r[i];
    levels.push(sum / win);
  }
  const loudest = Math.max(...levels);
  let quiet = 0;
  for (let i = levels.length - 1; i >= 0 && levels[i] < loudest * 1e-6; i--) quiet++;
  return (quiet * win + (l.length - levels.length * win)) / audio.sampleRate;
}

/** 16-bit stereo WAV bytes of the audio. */
export function wavBytes(audio: PcmAudio): Buffer {
  const [l, r] = audio.channels;
  const data = Buffer.alloc(l.length * 4);
  for (let i = 0; i < l.length; i++) {
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, l[i])) * 32767), i * 4);
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, r[i])) * 32767), i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(audio.sampleRate, 24);
  header.writeUInt32LE(audio.sampleRate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** ffmpeg's ebur128 summary: integrated loudness (LUFS) and loudness range (LU). */
export function ffmpegEbur128(audio: PcmAudio): { integratedLufs: number; lra: number } {
  const dir = mkdtempSync(join(tmpdir(), "mix-"));
  try {
    const file = join(dir, "mix.wav");
    writeFileSync(file, wavBytes(audio));
    const run = spawnSync(
      ffmpeg.path,
      ["-hide_banner", "-nostats", "-i", file, "-af", "ebur128", "-f", "null", "-"],
      {
        encoding: "utf8",
      },
    );
    const summary = run.stderr.slice(run.stderr.lastIndexOf("Summary:"));
    const integrated = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
    const lra = /LRA:\s+(-?[\d.]+) LU/.exec(summary);
    if (!integrated || !lra) throw new Error(`ffmpeg gave no ebur128 summary: ${run.stderr.slice(-400)}`);
    return { integratedLufs: Number(integrated[1]), lra: Number(lra[1]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
