import type { SniffedAudio } from "./audio-sniff.ts";
import type { DecodedBlock, StreamingDecoder } from "./decoded-block.ts";
import { WavStreamDecoder } from "./wav-stream-decoder.ts";

/** The formats we decode: each by a maintained WebAssembly build of its reference decoder, WAV by our own reader. */
export type DecodableAudio = "wav" | "mp3" | "flac" | "ogg-vorbis" | "ogg-opus";

export const isDecodable = (format: SniffedAudio): format is DecodableAudio =>
  format === "wav" ||
  format === "mp3" ||
  format === "flac" ||
  format === "ogg-vorbis" ||
  format === "ogg-opus";

const nothing = (sampleRate = 0): DecodedBlock => ({ channelData: [], samplesDecoded: 0, sampleRate });

/** Each decoder carries its WebAssembly inline: loaded when a file of its format first arrives, not at start. */
export async function createDecoder(format: DecodableAudio): Promise<StreamingDecoder> {
  switch (format) {
    case "wav":
      return new WavStreamDecoder();
    case "mp3": {
      const { MPEGDecoder } = await import("mpg123-decoder");
      const decoder = new MPEGDecoder();
      await decoder.ready;
      // mpg123 keeps no audio back: a frame is decoded once it is whole.
      return {
        decode: async (chunk) => decoder.decode(chunk),
        flush: async () => nothing(),
        free: () => decoder.free(),
      };
    }
    case "flac": {
      const { FLACDecoder } = await import("@wasm-audio-decoders/flac");
      const decoder = new FLACDecoder();
      await decoder.ready;
      return {
        decode: (chunk) => decoder.decode(chunk),
        flush: () => decoder.flush(),
        free: () => decoder.free(),
      };
    }
    case "ogg-vorbis": {
      const { OggVorbisDecoder } = await import("@wasm-audio-decoders/ogg-vorbis");
      const decoder = new OggVorbisDecoder();
      await decoder.ready;
      return {
        decode: (chunk) => decoder.decode(chunk),
        flush: () => decoder.flush(),
        free: () => decoder.free(),
      };
    }
    case "ogg-opus": {
      const { OggOpusDecoder } = await import("ogg-opus-decoder");
      const decoder = new OggOpusDecoder();
      await decoder.ready;
      return {
        decode: async (chunk) => decoder.decode(chunk),
        flush: () => decoder.flush(),
        free: () => decoder.free(),
      };
    }
  }
}
