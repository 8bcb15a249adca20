import type { Readable } from "node:stream";
import { decodeWav, type PlanarAudio } from "../../shared/audio/wav.ts";
import { notFound } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { SNIFF_BYTES, sniffAudio } from "../uploads/audio-sniff.ts";
import type { DecodedBlock } from "../uploads/decoded-block.ts";
import { createDecoder, isDecodable } from "../uploads/decoders.ts";

/** Audio the server has no decoder for yet: analysis and conversion answer 422 for it. */
export class UnsupportedAudioError extends Error {}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** A plain integer PCM WAV, told from its first bytes (RIFF, WAVE, then the fmt chunk). */
export function isPcmWav(head: Uint8Array): boolean {
  if (head.length < 22 || ascii(head, 0, 4) !== "RIFF" || ascii(head, 8, 12) !== "WAVE") return false;
  return ascii(head, 12, 16) === "fmt " && (head[20] | (head[21] << 8)) === 1;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stored object's bytes; a missing object is a 404. */
export async function readStored(storage: Storage, key: string): Promise<Buffer> {
  if (!(await storage.stat(key))) throw notFound("The song's audio is missing");
  return collect(await storage.read(key));
}

/** Whether the server can decode audio starting with these bytes (the uploads' decoders, our WAV reader). */
export const canDecode = (head: Uint8Array) => isDecodable(sniffAudio(head));

/** Decodes a whole stored file: WAV (what clips are stored as) directly, other formats by the uploads' decoders. */
export async function decodeAudio(bytes: Buffer): Promise<PlanarAudio> {
  const format = sniffAudio(bytes.subarray(0, SNIFF_BYTES));
  if (format === "wav") {
    return decodeWav(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
  }
  if (!isDecodable(format)) throw new UnsupportedAudioError(`No decoder for ${format} audio`);
  const decoder = await createDecoder(format);
  try {
    const blocks: DecodedBlock[] = [await decoder.decode(bytes), await decoder.flush()];
    const withAudio = blocks.filter((block) => block.samplesDecoded > 0);
    const sampleRate = withAudio[0]?.sampleRate ?? 0;
    const channelCount = Math.max(0, ...withAudio.map((block) => block.channelData.length));
    const frames = withAudio.reduce((sum, block) => sum + block.samplesDecoded, 0);
    const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
    let at = 0;
    for (const block of withAudio) {
      channels.forEach((channel, c) => {
        channel.set((block.channelData[c] ?? block.channelData[0]).subarray(0, block.samplesDecoded), at);
      });
      at += block.samplesDecoded;
    }
    return { sampleRate, channels };
  } finally {
    decoder.free();
  }
}

/** The first bytes of a stored object, to tell its format without reading it all. */
export async function readHead(storage: Storage, key: string, size: number): Promise<Uint8Array> {
  if (size === 0) return new Uint8Array(0);
  return collect(await storage.read(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 }));
}
