// MPEG audio Layer III frame headers: what an encoder's stream is made of, read the way a decoder
// finds its frames. Pure byte reading, the same in the browser and in Node.

export type MpegVersion = "1" | "2" | "2.5";

export interface Layer3Frame {
  readonly version: MpegVersion;
  readonly sampleRate: number;
  /** In kbit/s. */
  readonly bitrate: number;
  readonly bitrateIndex: number;
  readonly mono: boolean;
  /** The whole frame, header included, in bytes. */
  readonly length: number;
  /** 1152 for MPEG-1, 576 for MPEG-2 and 2.5. */
  readonly samplesPerFrame: number;
  /** Bytes of side information after the header (and its CRC, when the frame has one). */
  readonly sideInfoBytes: number;
}

const VERSIONS: (MpegVersion | null)[] = ["2.5", null, "2", "1"];
const RATES: Record<MpegVersion, readonly number[]> = {
  "1": [44100, 48000, 32000],
  "2": [22050, 24000, 16000],
  "2.5": [11025, 12000, 8000],
};
/** Layer III bitrates by index; 0 (free format) and 15 (forbidden) are not frames we walk. */
const LAYER3_BITRATES: Record<"1" | "2", readonly number[]> = {
  "1": [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  "2": [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};

export const bitratesOf = (version: MpegVersion) => LAYER3_BITRATES[version === "1" ? "1" : "2"];

/** A Layer III frame's length in bytes from its version, bitrate and rate, without or with the padding byte. */
export function layer3FrameLength(
  version: MpegVersion,
  bitrate: number,
  sampleRate: number,
  padded: boolean,
) {
  const samplesPerFrame = version === "1" ? 1152 : 576;
  return Math.floor(((samplesPerFrame / 8) * bitrate * 1000) / sampleRate) + (padded ? 1 : 0);
}

/** The Layer III frame header at `at`, or null when the bytes there are not one. */
export function layer3FrameAt(bytes: Uint8Array, at: number): Layer3Frame | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return null;
  const version = VERSIONS[(bytes[at + 1] >> 3) & 3];
  const layer = (bytes[at + 1] >> 1) & 3;
  const bitrateIndex = bytes[at + 2] >> 4;
  const rateIndex = (bytes[at + 2] >> 2) & 3;
  if (version === null || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return null;
  const sampleRate = RATES[version][rateIndex];
  const bitrate = bitratesOf(version)[bitrateIndex];
  const mono = bytes[at + 3] >> 6 === 3;
  const hasCrc = (bytes[at + 1] & 1) === 0;
  const sideInfo = version === "1" ? (mono ? 17 : 32) : mono ? 9 : 17;
  return {
    version,
    sampleRate,
    bitrate,
    bitrateIndex,
    mono,
    length: layer3FrameLength(version, bitrate, sampleRate, (bytes[at + 2] & 2) !== 0),
    samplesPerFrame: version === "1" ? 1152 : 576,
    sideInfoBytes: sideInfo + (hasCrc ? 2 : 0),
  };
}

export interface PlacedFrame extends Layer3Frame {
  readonly offset: number;
}

/**
 * Every frame of a stream of back-to-back Layer III frames (what LAME writes: no ID3 tag, no junk).
 * A stream that breaks off or holds something else is refused rather than half read.
 */
export function layer3Frames(bytes: Uint8Array): PlacedFrame[] {
  const frames: PlacedFrame[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const frame = layer3FrameAt(bytes, offset);
    if (frame === null) throw new RangeError(`No MPEG Layer III frame at byte ${offset}`);
    if (offset + frame.length > bytes.length)
      throw new RangeError(`The MPEG frame at byte ${offset} is cut short`);
    frames.push({ ...frame, offset });
    offset += frame.length;
  }
  return frames;
}
