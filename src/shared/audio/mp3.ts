// MP3 encoding with LAME compiled to WebAssembly (wasm-media-encoders): the same code in the
// browser and in Node, for MP3 downloads and for making real MP3 files in tests.
import { createMp3Encoder } from "wasm-media-encoders";
import { withInfoTag } from "./mp3-info-tag.ts";
import type { PlanarAudio } from "./wav.ts";

/** Constant bitrates LAME takes, in kbit/s. */
export type Mp3Bitrate = 64 | 96 | 128 | 160 | 192 | 256 | 320;

export interface Mp3Options {
  /** Constant bitrate; without it, VBR at `vbrQuality`. */
  readonly bitrate?: Mp3Bitrate;
  /** LAME's -V: 0 (best) to 9; 2 is transparent for most music. */
  readonly vbrQuality?: number;
}

const MP3_RATES = [8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000] as const;
type Mp3Rate = (typeof MP3_RATES)[number];

/** MP3 has nine sample rates; anything else is resampled by LAME to the nearest one above (48 kHz at most). */
const outputRate = (rate: number): Mp3Rate => MP3_RATES.find((candidate) => candidate >= rate) ?? 48000;

/** Samples handed to the encoder at a time: its buffers stay small whatever the length. */
const BLOCK = 8192;

/** LAME's encoder delay in samples: the MDCT's look-back it writes before the first sample of the audio. */
const LAME_ENCODER_DELAY = 576;
/** The LAME build inside wasm-media-encoders, as its tag names it (nine characters). */
const LAME_VERSION = "LAME3.100";

/**
 * Encodes mono or stereo audio to an MP3 file that states its true length: an Info/Xing header with
 * the frame count and a seek table, and a LAME tag with the encoder delay and padding.
 */
export async function encodeMp3(audio: PlanarAudio, options: Mp3Options = {}): Promise<Uint8Array> {
  const { channels, sampleRate } = audio;
  if (channels.length !== 1 && channels.length !== 2) throw new RangeError("MP3 holds one or two channels");
  const frames = channels[0].length;
  if (channels.some((channel) => channel.length !== frames)) {
    throw new RangeError("MP3 encoding needs channels of the same length");
  }
  const encoder = await createMp3Encoder();
  const vbrQuality = Math.min(9, Math.max(0, options.vbrQuality ?? 2));
  const quality = options.bitrate ? { bitrate: options.bitrate } : { vbrQuality };
  const rate = outputRate(sampleRate);
  encoder.configure({ channels: channels.length as 1 | 2, sampleRate, outputSampleRate: rate, ...quality });
  const parts: Uint8Array[] = [];
  // The encoder owns the bytes it returns and reuses them on the next call: each part is copied.
  for (let start = 0; start < frames; start += BLOCK) {
    parts.push(encoder.encode(channels.map((channel) => channel.subarray(start, start + BLOCK))).slice());
  }
  parts.push(encoder.finalize().slice());
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return withInfoTag(out, {
    samples: Math.round((frames * rate) / sampleRate),
    encoderDelay: LAME_ENCODER_DELAY,
    // LAME's own measure: 100 less ten per VBR step (constant bitrate counts as the best step).
    quality: 100 - 10 * (options.bitrate ? 0 : vbrQuality),
    encoder: LAME_VERSION,
  });
}
