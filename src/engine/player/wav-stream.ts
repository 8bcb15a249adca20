// A WAV file read as it arrives: the header tells the format and the song's length, then each
// arriving run of bytes gives its whole frames as planar float samples. The player starts a song
// on its first second of audio instead of waiting for the whole file to download and decode.

import { wavSampleReader } from "../../shared/audio/wav.ts";

export interface WavStreamFormat {
  readonly sampleRate: number;
  readonly channels: number;
  /** The song's length in frames, from the data chunk's size. */
  readonly frames: number;
}

/** What the bytes so far say: more are needed, a WAV of this format, or not a WAV this reads. */
export type WavStreamState =
  | { readonly kind: "more" }
  | { readonly kind: "wav"; readonly format: WavStreamFormat }
  | { readonly kind: "other" };

/** A header is never this long: past it without a data chunk, the file is not read as it arrives. */
const MAX_HEADER_BYTES = 65_536;

export class WavStream {
  private bytes = new Uint8Array(0);
  private state: WavStreamState = { kind: "more" };
  /** The data's sample format: WAVE format code and bits per sample. */
  private sample = { code: 0, bits: 0 };
  private bytesPerFrame = 0;
  private bytesPerSample = 0;
  /** Frames handed out so far. */
  private given = 0;

  get status(): WavStreamState {
    return this.state;
  }

  /** Adds the next bytes of the file. */
  push(chunk: Uint8Array): void {
    const joined = new Uint8Array(this.bytes.length + chunk.length);
    joined.set(this.bytes);
    joined.set(chunk, this.bytes.length);
    this.bytes = joined;
    if (this.state.kind === "more") this.parseHeader();
  }

  /** The whole frames that arrived since the last call, one array per channel (none: empty arrays). */
  take(): Float32Array[] {
    if (this.state.kind !== "wav") return [];
    const { format } = this.state;
    const frames = Math.min(Math.floor(this.bytes.length / this.bytesPerFrame), format.frames - this.given);
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const read = wavSampleReader(view, this.sample.code, this.sample.bits) as (at: number) => number;
    const channels = Array.from({ length: format.channels }, () => new Float32Array(frames));
    for (let i = 0, at = 0; i < frames; i++) {
      for (let c = 0; c < format.channels; c++, at += this.bytesPerSample)
        (channels[c] as Float32Array)[i] = read(at);
    }
    this.given += frames;
    this.bytes = this.bytes.slice(frames * this.bytesPerFrame);
    return channels;
  }

  private parseHeader(): void {
    const bytes = this.bytes;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
    if (bytes.length < 12) return;
    if (tag(0) !== "RIFF" || tag(8) !== "WAVE") {
      this.state = { kind: "other" };
      return;
    }
    let format = 0;
    let channels = 0;
    let sampleRate = 0;
    let bits = 0;
    for (let offset = 12; offset + 8 <= bytes.length; ) {
      const id = tag(offset);
      const size = view.getUint32(offset + 4, true);
      const body = offset + 8;
      if (id === "data") {
        const reader = channels === 0 ? null : wavSampleReader(view, format, bits);
        // An unknown or open-ended length (what a live stream writes before it knows) is not read as it arrives.
        if (reader === null || size === 0 || size === 0xffffffff) {
          this.state = { kind: "other" };
          return;
        }
        this.bytesPerSample = bits / 8;
        this.bytesPerFrame = this.bytesPerSample * channels;
        this.sample = { code: format, bits };
        this.state = {
          kind: "wav",
          format: { sampleRate, channels, frames: Math.floor(size / this.bytesPerFrame) },
        };
        this.bytes = bytes.slice(body);
        return;
      }
      if (body + size > bytes.length) break;
      if (id === "fmt ") {
        format = view.getUint16(body, true);
        channels = view.getUint16(body + 2, true);
        sampleRate = view.getUint32(body + 4, true);
        bits = view.getUint16(body + 14, true);
        // WAVE_FORMAT_EXTENSIBLE keeps the real format in its sub-format GUID.
        if (format === 0xfffe) format = view.getUint16(body + 24, true);
      }
      offset = body + size + (size % 2);
    }
    if (bytes.length > MAX_HEADER_BYTES) this.state = { kind: "other" };
  }
}
