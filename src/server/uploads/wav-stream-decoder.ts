import { wavSampleReader } from "../../shared/audio/wav.ts";
import type { DecodedBlock, StreamingDecoder } from "./decoded-block.ts";

const FORMAT_EXTENSIBLE = 0xfffe;
/** Chunks before the audio (metadata, cover art) beyond this are not a WAV file we take. */
const MAX_HEADER_BYTES = 4 * 1024 * 1024;
/** Recorders that stream a WAV write these when the length is not known yet. */
const UNKNOWN_SIZES = new Set([0, 0xffffffff]);

/** A WAV file that cannot be read: its message is shown to the user. */
export class WavFormatError extends Error {}

/**
 * Reads a RIFF/WAVE file as it arrives, so a long file is never held whole:
 * the chunks up to the audio are gathered, then sample bytes are converted
 * block by block. PCM 8/16/24/32-bit and float 32/64-bit, plain or extensible.
 */
export class WavStreamDecoder implements StreamingDecoder {
  private header: Uint8Array = new Uint8Array(0);
  private format: { code: number; channels: number; sampleRate: number; bits: number } | null = null;
  private inData = false;
  private dataLeft = Number.POSITIVE_INFINITY;
  private declaredSize = 0;
  private pending: Uint8Array = new Uint8Array(0);

  async decode(chunk: Uint8Array): Promise<DecodedBlock> {
    if (!this.inData) {
      this.header = concat(this.header, chunk);
      const start = this.findData();
      if (start === null) {
        if (this.header.length > MAX_HEADER_BYTES) throw new WavFormatError("The WAV file has no audio data");
        return empty(this.format?.sampleRate ?? 0);
      }
      chunk = this.header.subarray(start);
      this.header = new Uint8Array(0);
    }
    return this.convert(chunk);
  }

  async flush(): Promise<DecodedBlock> {
    if (!this.inData) throw new WavFormatError("The WAV file has no audio data");
    if (this.dataLeft !== Number.POSITIVE_INFINITY && this.dataLeft > 0) {
      throw new WavFormatError(
        `The WAV file is cut short: ${this.declaredSize - this.dataLeft} of its ${this.declaredSize} bytes of audio arrived`,
      );
    }
    return empty(this.format?.sampleRate ?? 0);
  }

  free(): void {}

  /** Walks the chunks gathered so far; the offset of the audio once the data chunk is reached. */
  private findData(): number | null {
    const bytes = this.header;
    if (bytes.length < 12) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
    if (tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new WavFormatError("The file is not a WAV file");
    for (let offset = 12; offset + 8 <= bytes.length; ) {
      const id = tag(offset);
      const size = view.getUint32(offset + 4, true);
      const body = offset + 8;
      if (id === "data") {
        if (!this.format) throw new WavFormatError("The WAV file's audio comes before its format");
        this.inData = true;
        if (!UNKNOWN_SIZES.has(size)) {
          this.dataLeft = size;
          this.declaredSize = size;
        }
        return body;
      }
      if (body + size > bytes.length) return null;
      if (id === "fmt ") this.format = readFormat(view, body, size);
      offset = body + size + (size % 2);
    }
    return null;
  }

  private convert(chunk: Uint8Array): DecodedBlock {
    const format = this.format as NonNullable<typeof this.format>;
    if (chunk.length > this.dataLeft) chunk = chunk.subarray(0, this.dataLeft);
    this.dataLeft -= chunk.length;
    const bytes = this.pending.length ? concat(this.pending, chunk) : chunk;
    const bytesPerSample = format.bits / 8;
    const frameBytes = bytesPerSample * format.channels;
    const frames = Math.floor(bytes.length / frameBytes);
    this.pending = bytes.slice(frames * frameBytes);
    const view = new DataView(bytes.buffer, bytes.byteOffset, frames * frameBytes);
    const read = sampleReader(view, format.code, format.bits);
    const channels = Array.from({ length: format.channels }, () => new Float32Array(frames));
    for (let i = 0, at = 0; i < frames; i++) {
      for (let c = 0; c < format.channels; c++, at += bytesPerSample) channels[c][i] = read(at);
    }
    return { channelData: channels, samplesDecoded: frames, sampleRate: format.sampleRate };
  }
}

function readFormat(view: DataView, body: number, size: number) {
  if (size < 16) throw new WavFormatError("The WAV file's format chunk is too short");
  let code = view.getUint16(body, true);
  const channels = view.getUint16(body + 2, true);
  const sampleRate = view.getUint32(body + 4, true);
  const bits = view.getUint16(body + 14, true);
  // WAVE_FORMAT_EXTENSIBLE keeps the real format in its sub-format GUID.
  if (code === FORMAT_EXTENSIBLE && size >= 26) code = view.getUint16(body + 24, true);
  if (channels === 0 || sampleRate === 0)
    throw new WavFormatError("The WAV file has no channels or no sample rate");
  sampleReader(view, code, bits);
  return { code, channels, sampleRate, bits };
}

function sampleReader(view: DataView, format: number, bits: number): (at: number) => number {
  const read = wavSampleReader(view, format, bits);
  if (!read)
    throw new WavFormatError(`WAV files with format ${format} and ${bits}-bit samples are not supported`);
  return read;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

const empty = (sampleRate: number): DecodedBlock => ({ channelData: [], samplesDecoded: 0, sampleRate });
