// Ogg Opus files (RFC 7845) from decoded audio: libopus (opusscript, its WebAssembly build) makes
// 20 ms packets at 48 kHz, one packet to an Ogg page, written here because the format is small and
// no maintained npm package writes Ogg pages without a native build.

import OpusScript from "opusscript";
import { resamplePcm } from "../../engine/node.ts";
import type { PlanarAudio } from "../../shared/audio/wav.ts";
import { newServerDsp } from "./server-dsp.ts";

/** Opus runs at 48 kHz; other rates are converted first. */
export const OPUS_SAMPLE_RATE = 48000;
/** 20 ms packets. */
const PACKET_FRAMES = 960;
/** libopus's encoder delay at 48 kHz: players drop these samples from the start. */
const PRE_SKIP = 312;
/** Transparent for music in stereo; mono gets half. */
const BITRATE_PER_CHANNEL = 80_000;
/** Packets encoded between yields, so a long song never holds the server's event loop for long. */
const PACKETS_PER_SLICE = 250;

const yieldToServer = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, starting from 0. */
function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 24;
    for (let i = 0; i < 8; i++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

class OggPages {
  readonly pages: Buffer[] = [];
  constructor(private readonly serial: number) {}

  /** One packet on one page; `granule` counts decoded samples up to the page's end, pre-skip included. */
  add(packet: Buffer, granule: number, flags: number): void {
    const lacing = [...Array(Math.floor(packet.length / 255)).fill(255), packet.length % 255];
    const header = Buffer.alloc(27);
    header.write("OggS", 0, "ascii");
    header[5] = flags;
    header.writeBigInt64LE(BigInt(granule), 6);
    header.writeUInt32LE(this.serial, 14);
    header.writeUInt32LE(this.pages.length, 18);
    header[26] = lacing.length;
    const bytes = Buffer.concat([header, Buffer.from(lacing), packet]);
    bytes.writeUInt32LE(oggCrc(bytes), 22);
    this.pages.push(bytes);
  }
}

function headPacket(channels: number, inputRate: number): Buffer {
  const head = Buffer.alloc(19);
  head.write("OpusHead", 0, "ascii");
  head[8] = 1;
  head[9] = channels;
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(inputRate, 12);
  return head;
}

function tagsPacket(): Buffer {
  const vendor = Buffer.from("tunesmith");
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write("OpusTags", 0, "ascii");
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  return tags;
}

/** Interleaved 16-bit PCM of one packet, zero-padded past the end, clipped to full scale. */
function packetPcm(channels: readonly Float32Array[], start: number, into: Buffer): Buffer {
  const count = channels.length;
  const frames = channels[0]?.length ?? 0;
  into.fill(0);
  for (let i = 0; i < PACKET_FRAMES && start + i < frames; i++) {
    for (let c = 0; c < count; c++) {
      const sample = Math.max(-1, Math.min(1, channels[c][start + i]));
      into.writeInt16LE(Math.round(sample * 32767), (i * count + c) * 2);
    }
  }
  return into;
}

/** Mono or stereo audio as an Ogg Opus file (of wider audio, the first two channels). */
export async function encodeOggOpus(audio: PlanarAudio): Promise<Uint8Array> {
  const source = audio.channels.slice(0, 2);
  if (source.length === 0) throw new RangeError("encodeOggOpus: no channels");
  const channels =
    audio.sampleRate === OPUS_SAMPLE_RATE
      ? source
      : resamplePcm(newServerDsp(), source, audio.sampleRate, OPUS_SAMPLE_RATE);
  const count = channels.length;
  const frames = channels[0].length;
  const encoder = new OpusScript(OPUS_SAMPLE_RATE, count, OpusScript.Application.AUDIO);
  try {
    encoder.setBitrate(BITRATE_PER_CHANNEL * count);
    const ogg = new OggPages(0x7475_6e65);
    ogg.add(headPacket(count, audio.sampleRate), 0, 0x02);
    ogg.add(tagsPacket(), 0, 0);
    const pcm = Buffer.alloc(PACKET_FRAMES * count * 2);
    // The encoder's delay is pre-skip: one more packet past the end flushes the song's last samples.
    const total = frames + PRE_SKIP;
    for (let start = 0, packet = 0; start < total; start += PACKET_FRAMES, packet++) {
      if (packet > 0 && packet % PACKETS_PER_SLICE === 0) await yieldToServer();
      const last = start + PACKET_FRAMES >= total;
      // The last page's granule trims the padding: exactly `frames` samples play after pre-skip.
      const granule = Math.min(start + PACKET_FRAMES, total);
      ogg.add(encoder.encode(packetPcm(channels, start, pcm), PACKET_FRAMES), granule, last ? 0x04 : 0);
    }
    return new Uint8Array(Buffer.concat(ogg.pages));
  } finally {
    encoder.delete();
  }
}
