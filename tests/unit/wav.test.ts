import { describe, expect, it } from "vitest";
import { decodeWav, encodeWav } from "../../src/shared/audio/wav.ts";

const signal = (frames: number, hz: number, gain: number) =>
  Float32Array.from({ length: frames }, (_, i) => gain * Math.sin((2 * Math.PI * hz * i) / 48_000));

describe("WAV", () => {
  it("round-trips 32-bit float exactly", () => {
    const channels = [signal(1000, 440, 0.5), signal(1000, 660, -0.25)];
    const decoded = decodeWav(encodeWav({ sampleRate: 48_000, channels }, "float32"));
    expect(decoded.sampleRate).toBe(48_000);
    expect(decoded.channels.map((c) => Array.from(c))).toEqual(channels.map((c) => Array.from(c)));
  });

  it("writes 16-bit PCM within a dithered LSB and clips out-of-range samples", () => {
    const channel = signal(4800, 1000, 0.9);
    channel[10] = 3;
    channel[11] = -3;
    const bytes = encodeWav({ sampleRate: 44_100, channels: [channel] }, "pcm16");
    expect(bytes.byteLength).toBe(44 + 4800 * 2);
    const [decoded] = decodeWav(bytes).channels;
    expect(decoded[10]).toBe(32767 / 32768);
    expect(decoded[11]).toBe(-1);
    for (let i = 20; i < channel.length; i++)
      expect(Math.abs(decoded[i] - channel[i])).toBeLessThan(2 / 32768);
  });

  it("keeps 16-bit samples undithered with keepGridSamples: decoded 16-bit audio encodes to the same bytes", () => {
    const channels = [signal(4800, 440, 0.7), signal(4800, 550, -0.4)];
    const first = encodeWav({ sampleRate: 48_000, channels }, "pcm16");
    const decoded = decodeWav(first);
    const again = encodeWav(decoded, "pcm16", { keepGridSamples: true });
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    // By default every sample is dithered, on the grid or not.
    expect(Buffer.from(encodeWav(decoded, "pcm16")).equals(Buffer.from(first))).toBe(false);
    // Samples off the grid (here half-way between steps) get the same dither with the option as without it.
    const offGrid = channels.map((channel) => channel.map((v) => (Math.round(v * 32768) + 0.5) / 32768));
    expect(offGrid.every((channel) => channel.every((v) => !Number.isInteger(v * 32768)))).toBe(true);
    const audio = { sampleRate: 48_000, channels: offGrid };
    expect(Buffer.from(encodeWav(audio, "pcm16", { keepGridSamples: true }))).toEqual(
      Buffer.from(encodeWav(audio, "pcm16")),
    );
  });

  it("reads data that does not start on its sample size (a longer fmt chunk) the same as aligned data", () => {
    const channels = [signal(777, 440, 0.5), signal(777, 660, -0.25)];
    for (const format of ["float32", "pcm16"] as const) {
      const aligned = new Uint8Array(encodeWav({ sampleRate: 48_000, channels }, format));
      // A fmt chunk of 18 bytes (with its cbSize word) moves the data two bytes on: off a 4-byte boundary.
      const shifted = new Uint8Array(aligned.length + 2);
      shifted.set(aligned.subarray(0, 36));
      new DataView(shifted.buffer).setUint32(16, 18, true);
      shifted.set(aligned.subarray(36), 38);
      new DataView(shifted.buffer).setUint32(4, shifted.length - 8, true);
      const fast = decodeWav(aligned.buffer);
      const slow = decodeWav(shifted.buffer);
      expect(slow.channels.map((c) => Array.from(c))).toEqual(fast.channels.map((c) => Array.from(c)));
      expect(fast.channels[1][100]).not.toBe(0);
    }
  });

  it("refuses what is not a WAV file", () => {
    expect(() => decodeWav(new TextEncoder().encode("definitely not audio").buffer as ArrayBuffer)).toThrow(
      "Not a WAV file",
    );
  });
});
