import { describe, expect, it } from "vitest";
import { WavStream } from "../../src/engine/player/wav-stream.ts";
import { decodeWav, encodeWav, type WavFormat } from "../../src/shared/audio/wav.ts";

const RATE = 48_000;
const FRAMES = 5000;
const audio = {
  sampleRate: RATE,
  channels: [
    Float32Array.from({ length: FRAMES }, (_, i) => Math.sin(i / 7) * 0.5),
    Float32Array.from({ length: FRAMES }, (_, i) => Math.cos(i / 11) * 0.25),
  ],
};

/** Feeds the file in chunks of these sizes (cycled), taking after each; answers the joined channels. */
function readInChunks(bytes: Uint8Array, sizes: readonly number[]) {
  const stream = new WavStream();
  const runs: Float32Array[][] = [];
  for (let at = 0, turn = 0; at < bytes.length; turn++) {
    const size = sizes[turn % sizes.length] as number;
    stream.push(bytes.subarray(at, at + size));
    at += size;
    runs.push(stream.take());
  }
  const joined = [0, 1].map((channel) => {
    const parts = runs.filter((run) => run.length > 0).map((run) => run[channel] as Float32Array);
    const all = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
      all.set(part, at);
      at += part.length;
    }
    return all;
  });
  return { stream, joined };
}

describe("a WAV read as it arrives", () => {
  for (const format of ["float32", "pcm16"] as WavFormat[]) {
    it(`gives every frame of a ${format} file once, in order, whatever the chunks`, () => {
      const bytes = new Uint8Array(encodeWav(audio, format));
      const whole = decodeWav(bytes.slice().buffer);
      for (const sizes of [[1], [7, 3, 1000], [44], [bytes.length]]) {
        const { stream, joined } = readInChunks(bytes, sizes);
        expect(stream.status).toEqual({
          kind: "wav",
          format: { sampleRate: RATE, channels: 2, frames: FRAMES },
        });
        expect(joined[0]).toEqual(whole.channels[0]);
        expect(joined[1]).toEqual(whole.channels[1]);
      }
    });
  }

  it("waits for more while the header is incomplete, and gives nothing before it", () => {
    const bytes = new Uint8Array(encodeWav(audio, "float32"));
    const stream = new WavStream();
    stream.push(bytes.subarray(0, 20));
    expect(stream.status).toEqual({ kind: "more" });
    expect(stream.take()).toEqual([]);
  });

  it("leaves what is not a WAV, or a WAV of unknown length, to the whole-file decoder", () => {
    const other = new WavStream();
    other.push(new TextEncoder().encode("ID3\u0004 not a wav file at all"));
    expect(other.status).toEqual({ kind: "other" });

    const bytes = new Uint8Array(encodeWav(audio, "float32"));
    const open = new WavStream();
    const header = bytes.slice(0, 64);
    const view = new DataView(header.buffer);
    // The data chunk's size as a live stream writes it before it knows the length.
    for (let at = 12; at + 8 <= header.length; ) {
      const id = String.fromCharCode(...header.subarray(at, at + 4));
      if (id === "data") {
        view.setUint32(at + 4, 0xffffffff, true);
        break;
      }
      at += 8 + view.getUint32(at + 4, true);
    }
    open.push(header);
    expect(open.status).toEqual({ kind: "other" });
  });
});
