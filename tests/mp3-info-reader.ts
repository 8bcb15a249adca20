// Reads an MP3's Xing/Info header and LAME tag the way a player does (ffmpeg's and mpg123's
// readers): the first frame, the tag after its side information, fields in the order the flags say.
// Kept apart from the writer on purpose, so a test catches the writer and reader agreeing on a mistake.

import { layer3FrameAt } from "../src/shared/audio/mpeg-frames.ts";

export interface Mp3InfoHeader {
  readonly kind: "Xing" | "Info";
  readonly sampleRate: number;
  readonly samplesPerFrame: number;
  readonly frames: number;
  readonly bytes: number;
  readonly toc: readonly number[];
  readonly quality: number;
  readonly encoder: string;
  readonly encoderDelay: number;
  readonly padding: number;
  readonly musicLength: number;
  /** The tag's own CRC as stored, and the bytes it covers. */
  readonly tagCrc: number;
  readonly tagCrcCovers: Uint8Array;
}

const text = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

export function readMp3InfoHeader(file: Uint8Array): Mp3InfoHeader {
  const frame = layer3FrameAt(file, 0);
  if (frame === null) throw new Error("The file does not start with an MPEG Layer III frame");
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let at = 4 + frame.sideInfoBytes;
  const kind = text(file, at, 4);
  if (kind !== "Xing" && kind !== "Info")
    throw new Error(`No Xing/Info header in the first frame (found "${kind}")`);
  const flags = view.getUint32(at + 4);
  at += 8;
  const field = (flag: number, size: number) => {
    if (!(flags & flag)) throw new Error(`The header lacks field ${flag}`);
    const start = at;
    at += size;
    return start;
  };
  const frames = view.getUint32(field(1, 4));
  const bytes = view.getUint32(field(2, 4));
  const tocAt = field(4, 100);
  const quality = view.getUint32(field(8, 4));
  const lame = at;
  const delayAndPadding = (file[lame + 21] << 16) | (file[lame + 22] << 8) | file[lame + 23];
  return {
    kind,
    sampleRate: frame.sampleRate,
    samplesPerFrame: frame.samplesPerFrame,
    frames,
    bytes,
    toc: [...file.subarray(tocAt, tocAt + 100)],
    quality,
    encoder: text(file, lame, 9),
    encoderDelay: delayAndPadding >> 12,
    padding: delayAndPadding & 0xfff,
    musicLength: view.getUint32(lame + 28),
    tagCrc: view.getUint16(lame + 34),
    tagCrcCovers: file.subarray(0, lame + 34),
  };
}

/** The length in samples a gapless player plays: the frames less the encoder's delay and padding. */
export const gaplessSamples = (header: Mp3InfoHeader) =>
  header.frames * header.samplesPerFrame - header.encoderDelay - header.padding;
