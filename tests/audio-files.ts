// Real audio files made in tests: WAV, MP3 and Ogg Opus with the product's own encoders, Ogg Vorbis
// with the reference encoder in WebAssembly, and FLAC written here (verbatim subframes: valid FLAC
// that any decoder reads, just not compressed).
import { createOggEncoder } from "wasm-media-encoders";
import { encodeMp3 } from "../src/shared/audio/mp3.ts";
import { encodeWav, type PlanarAudio } from "../src/shared/audio/wav.ts";

/** A stereo tone: 440 Hz on the left, 660 Hz on the right. */
export function tone(seconds: number, sampleRate = 44100): PlanarAudio {
  const frames = Math.round(seconds * sampleRate);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    left[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / sampleRate);
    right[i] = 0.3 * Math.sin((2 * Math.PI * 660 * i) / sampleRate);
  }
  return { sampleRate, channels: [left, right] };
}

export const wavFile = (audio: PlanarAudio) => new Uint8Array(encodeWav(audio, "pcm16"));
export const mp3File = (audio: PlanarAudio) => encodeMp3(audio, { bitrate: 128 });

export async function oggVorbisFile(audio: PlanarAudio): Promise<Uint8Array> {
  const encoder = await createOggEncoder();
  encoder.configure({
    channels: audio.channels.length as 1 | 2,
    sampleRate: audio.sampleRate,
    vbrQuality: 3,
  });
  const parts: Uint8Array[] = [];
  for (let start = 0; start < audio.channels[0].length; start += 8192) {
    parts.push(
      encoder.encode(audio.channels.map((channel) => channel.subarray(start, start + 8192))).slice(),
    );
  }
  parts.push(encoder.finalize().slice());
  return Buffer.concat(parts);
}

/** 16-bit FLAC with fixed 4096-frame blocks. */
export function flacFile(audio: PlanarAudio): Uint8Array {
  const { sampleRate, channels } = audio;
  const frames = channels[0].length;
  const block = 4096;
  const encoded: Buffer[] = [];
  for (let start = 0, index = 0; start < frames; start += block, index++) {
    const size = Math.min(block, frames - start);
    const header = [
      0xff,
      0xf8,
      (0b0111 << 4) | rateCode(sampleRate),
      ((channels.length - 1) << 4) | (0b100 << 1),
    ];
    header.push(...utf8Number(index), (size - 1) >> 8, (size - 1) & 0xff);
    header.push(crc8(header));
    const body = Buffer.alloc(channels.length * (1 + 2 * size));
    let at = 0;
    for (const channel of channels) {
      body[at++] = 0b00000010; // a VERBATIM subframe, no wasted bits
      for (let i = 0; i < size; i++, at += 2) {
        body.writeInt16BE(Math.max(-32768, Math.min(32767, Math.round(channel[start + i] * 32767))), at);
      }
    }
    const frame = Buffer.concat([Buffer.from(header), body]);
    const crc = crc16(frame);
    encoded.push(Buffer.concat([frame, Buffer.from([crc >> 8, crc & 0xff])]));
  }
  const sizes = encoded.map((frame) => frame.length);
  // STREAMINFO, the last metadata block: sizes, rate, channels, bits, total samples; MD5 left unknown.
  const out: number[] = [...Buffer.from("fLaC"), 0x80, 0, 0, 34];
  const info = new BitWriter();
  info
    .write(block, 16)
    .write(block, 16)
    .write(Math.min(...sizes), 24)
    .write(Math.max(...sizes), 24);
  info
    .write(sampleRate, 20)
    .write(channels.length - 1, 3)
    .write(15, 5);
  info.write(Math.floor(frames / 2 ** 32), 4).write(frames >>> 0, 32);
  for (let i = 0; i < 16; i++) info.write(0, 8);
  out.push(...info.bytes());
  return new Uint8Array(Buffer.concat([Buffer.from(out), ...encoded]));
}

/** The frame header's code for the sample rate: codec-parser needs one (it cannot take "see STREAMINFO"). */
function rateCode(rate: number): number {
  const codes: Record<number, number> = {
    8000: 4,
    16000: 5,
    22050: 6,
    24000: 7,
    32000: 8,
    44100: 9,
    48000: 10,
    96000: 11,
  };
  const code = codes[rate];
  if (code === undefined) throw new RangeError(`flacFile: no header code for ${rate} Hz`);
  return code;
}

class BitWriter {
  private readonly out: number[] = [];
  private current = 0;
  private used = 0;

  write(value: number, bits: number): this {
    for (let bit = bits - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | (Math.floor(value / 2 ** bit) & 1);
      if (++this.used === 8) {
        this.out.push(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
    return this;
  }

  bytes(): number[] {
    if (this.used !== 0) throw new Error("BitWriter: not byte-aligned");
    return this.out;
  }
}

/** FLAC codes frame numbers the way UTF-8 codes characters. */
function utf8Number(value: number): number[] {
  if (value < 0x80) return [value];
  return [...Buffer.from(String.fromCodePoint(value), "utf8")];
}

function crc8(bytes: ArrayLike<number>): number {
  let crc = 0;
  for (const byte of Array.from(bytes)) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}
