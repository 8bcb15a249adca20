import type { AudioUploadExtension } from "../../shared/api/uploads.ts";

/** What a file's first bytes say it holds. */
export type SniffedAudio =
  | "wav"
  | "mp3"
  | "flac"
  | "ogg-vorbis"
  | "ogg-opus"
  | "ogg-flac"
  | "m4a"
  | "unknown";

/** Enough of a file's start to tell its format, past an ID3 tag of ordinary size. */
export const SNIFF_BYTES = 64 * 1024;

const NAMES: Record<SniffedAudio, string> = {
  wav: "WAV",
  mp3: "MP3",
  flac: "FLAC",
  "ogg-vorbis": "Ogg Vorbis",
  "ogg-opus": "Ogg Opus",
  "ogg-flac": "Ogg FLAC",
  m4a: "M4A/AAC",
  unknown: "unknown",
};
export const formatName = (format: SniffedAudio) => NAMES[format];

/** The formats each extension may hold; anything else is a file that lies about itself. */
export const FORMATS_FOR_EXTENSION: Record<AudioUploadExtension, readonly SniffedAudio[]> = {
  wav: ["wav"],
  wave: ["wav"],
  mp3: ["mp3"],
  flac: ["flac"],
  ogg: ["ogg-vorbis", "ogg-opus"],
  oga: ["ogg-vorbis", "ogg-opus"],
  opus: ["ogg-opus"],
};

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** An MPEG audio frame header: 11 sync bits, a known version, layer I to III (ADTS AAC has layer 0). */
function isMpegFrame(bytes: Uint8Array, at: number): boolean {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1] & 0xe0) !== 0xe0) return false;
  const version = (bytes[at + 1] >> 3) & 3;
  const layer = (bytes[at + 1] >> 1) & 3;
  const bitrate = bytes[at + 2] >> 4;
  const rate = (bytes[at + 2] >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 15 && rate !== 3;
}

function sniffOgg(bytes: Uint8Array): SniffedAudio {
  // The first page holds the codec's identification header right after its segment table.
  if (bytes.length < 28) return "unknown";
  const body = 27 + bytes[26];
  if (ascii(bytes, body, 8) === "OpusHead") return "ogg-opus";
  if (ascii(bytes, body, 7) === "\x01vorbis") return "ogg-vorbis";
  if (ascii(bytes, body, 5) === "\x7fFLAC") return "ogg-flac";
  return "unknown";
}

export function sniffAudio(bytes: Uint8Array): SniffedAudio {
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE") return "wav";
  if (ascii(bytes, 0, 4) === "fLaC") return "flac";
  if (ascii(bytes, 0, 4) === "OggS") return sniffOgg(bytes);
  if (ascii(bytes, 4, 4) === "ftyp") return "m4a";
  if (ascii(bytes, 0, 3) === "ID3" && bytes.length >= 10) {
    // ID3v2 sizes are 'syncsafe': 7 bits a byte. Past the tag is the audio itself.
    const size =
      ((bytes[6] & 0x7f) << 21) | ((bytes[7] & 0x7f) << 14) | ((bytes[8] & 0x7f) << 7) | (bytes[9] & 0x7f);
    const after = 10 + size + (bytes[5] & 0x10 ? 10 : 0);
    if (after + 4 <= bytes.length) {
      if (ascii(bytes, after, 4) === "fLaC") return "flac";
      return isMpegFrame(bytes, after) ? "mp3" : "unknown";
    }
    return "mp3";
  }
  // A header that only looks like one is caught by the decoder, which then finds no audio.
  if (isMpegFrame(bytes, 0)) return "mp3";
  return "unknown";
}
