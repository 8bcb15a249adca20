// The Xing/Info header and LAME tag that tell players an MP3's true length. Without them a player
// guesses the duration from the first frame's bitrate (wildly wrong for VBR) and cannot seek by
// time. The header is one extra, silent MPEG frame in front of the audio holding the number of
// frames, the number of bytes and a 100-point seek table; the LAME tag in the same frame holds the
// encoder delay and padding, so gapless players trim to exactly the samples that were encoded.
// LAME writes this frame itself only when it can seek back in its output file; wasm-media-encoders
// hands us a stream, so we add it here once the stream is whole.

import {
  bitratesOf,
  type Layer3Frame,
  layer3FrameAt,
  layer3FrameLength,
  layer3Frames,
  type PlacedFrame,
} from "./mpeg-frames.ts";

export interface InfoTagFacts {
  /** The samples (per channel) that were encoded, at the stream's sample rate. */
  readonly samples: number;
  /** Samples the encoder put before the first one of the audio (LAME: 576). */
  readonly encoderDelay: number;
  /** The Xing quality indicator, 0 (worst) to 100 (best). */
  readonly quality: number;
  /** Nine bytes naming the encoder, as LAME does ("LAME3.100"). */
  readonly encoder: string;
}

/** Where the Xing header sits: after the frame header and its side information. */
const xingOffset = (frame: Pick<Layer3Frame, "sideInfoBytes">) => 4 + frame.sideInfoBytes;

/** "Xing" or "Info", flags, frames, bytes, the 100-byte seek table, quality. */
const XING_BYTES = 4 + 4 + 4 + 4 + 100 + 4;
const XING_ALL_FIELDS = 0x0f;
const LAME_TAG_BYTES = 36;
/** The delay and padding fields are 12 bits each. */
const MAX_DELAY_OR_PADDING = 0xfff;

/** CRC-16 as LAME and the LAME tag's readers compute it (polynomial 0x8005, bits reflected, start 0). */
export function crc16(bytes: Uint8Array): number {
  let value = 0;
  for (const byte of bytes) {
    value ^= byte;
    for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? (value >>> 1) ^ 0xa001 : value >>> 1;
  }
  return value;
}

/** The smallest bitrate whose frame holds the side information, the Xing header and the LAME tag. */
function tagFrameBitrateIndex(first: Layer3Frame): number {
  const needed = xingOffset(first) + XING_BYTES + LAME_TAG_BYTES;
  const bitrates = bitratesOf(first.version);
  const index = bitrates.findIndex(
    (bitrate, at) => at > 0 && layer3FrameLength(first.version, bitrate, first.sampleRate, false) >= needed,
  );
  if (index < 0) throw new RangeError("No MPEG bitrate leaves room for the Info header");
  return index;
}

/** For each percent of the duration, the byte where that frame starts, as a fraction of the file in 256ths. */
function seekTable(frames: readonly PlacedFrame[], tagLength: number, totalBytes: number): Uint8Array {
  const toc = new Uint8Array(100);
  for (let percent = 0; percent < 100; percent += 1) {
    const frame = frames[Math.floor((percent * frames.length) / 100)];
    toc[percent] = Math.min(255, Math.floor(((tagLength + frame.offset) * 256) / totalBytes));
  }
  return toc;
}

/**
 * The stream with an Info frame (constant bitrate) or Xing frame (variable) in front: frame count,
 * byte count, seek table, and a LAME tag with the encoder delay and padding.
 */
export function withInfoTag(stream: Uint8Array, facts: InfoTagFacts): Uint8Array {
  const frames = layer3Frames(stream);
  if (frames.length === 0) throw new RangeError("An MP3 needs at least one frame");
  const first = frames[0];
  const spanned = frames.length * first.samplesPerFrame;
  const padding = spanned - facts.encoderDelay - facts.samples;
  if (padding < 0) throw new RangeError(`${facts.samples} samples do not fit in ${frames.length} frames`);
  if (facts.encoderDelay > MAX_DELAY_OR_PADDING || padding > MAX_DELAY_OR_PADDING) {
    throw new RangeError("Encoder delay and padding must each fit in 12 bits");
  }
  if (facts.encoder.length !== 9) throw new RangeError("The LAME tag names its encoder in nine characters");

  const bitrateIndex = tagFrameBitrateIndex(first);
  const tagLength = layer3FrameLength(
    first.version,
    bitratesOf(first.version)[bitrateIndex],
    first.sampleRate,
    false,
  );
  const totalBytes = tagLength + stream.length;
  const constant = frames.every((frame) => frame.bitrateIndex === first.bitrateIndex);
  const out = new Uint8Array(totalBytes);
  out.set(stream, tagLength);
  const view = new DataView(out.buffer);

  // The header is the first frame's, with no CRC, no padding byte, and a bitrate big enough; the
  // side information stays zero, so a decoder that knows nothing of the tag plays it as silence.
  out[0] = 0xff;
  out[1] = stream[first.offset + 1] | 1;
  out[2] = (bitrateIndex << 4) | (stream[first.offset + 2] & 0x0c);
  out[3] = stream[first.offset + 3];

  const tagFrame = layer3FrameAt(out, 0);
  if (tagFrame === null || tagFrame.length !== tagLength)
    throw new Error("The Info frame's header does not read back");
  let at = xingOffset(tagFrame);
  for (const [index, char] of [...(constant ? "Info" : "Xing")].entries())
    out[at + index] = char.charCodeAt(0);
  view.setUint32(at + 4, XING_ALL_FIELDS);
  view.setUint32(at + 8, frames.length);
  view.setUint32(at + 12, totalBytes);
  out.set(seekTable(frames, tagLength, totalBytes), at + 16);
  view.setUint32(at + 116, Math.round(Math.min(100, Math.max(0, facts.quality))));
  at += XING_BYTES;

  // The LAME tag. Fields we do not know (lowpass, peak, replay gain, preset) stay zero, which
  // readers take as "not given".
  for (const [index, char] of [...facts.encoder].entries()) out[at + index] = char.charCodeAt(0);
  /** Tag revision 0; method 1 is constant bitrate, 4 LAME's default variable bitrate. */
  out[at + 9] = constant ? 1 : 4;
  out[at + 20] = Math.min(
    255,
    frames.reduce((least, frame) => Math.min(least, frame.bitrate), Infinity),
  );
  out[at + 21] = facts.encoderDelay >> 4;
  out[at + 22] = ((facts.encoderDelay & 0x0f) << 4) | (padding >> 8);
  out[at + 23] = padding & 0xff;
  view.setUint32(at + 28, totalBytes);
  view.setUint16(at + 32, crc16(stream));
  view.setUint16(at + 34, crc16(out.subarray(0, at + 34)));
  return out;
}
