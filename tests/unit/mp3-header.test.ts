// Every MP3 the product writes states its true length: an Info/Xing header with the frame count,
// byte count and seek table, and a LAME tag with the encoder delay and padding. Read here as a
// player reads it, and checked against the real mpg123 decoder.

import { MPEGDecoder } from "mpg123-decoder";
import { describe, expect, it } from "vitest";
import { encodeMp3, type Mp3Options } from "../../src/shared/audio/mp3.ts";
import { crc16, withInfoTag } from "../../src/shared/audio/mp3-info-tag.ts";
import { layer3Frames } from "../../src/shared/audio/mpeg-frames.ts";
import type { PlanarAudio } from "../../src/shared/audio/wav.ts";
import { gaplessSamples, readMp3InfoHeader } from "../mp3-info-reader.ts";

/** A tone with a click at sample 1000 of the first channel, to see where the audio lands. */
function clicked(frames: number, sampleRate: number, channelCount: 1 | 2): PlanarAudio {
  const channels = Array.from({ length: channelCount }, (_, channel) => {
    const samples = new Float32Array(frames);
    for (let i = 0; i < frames; i++)
      samples[i] = 0.2 * Math.sin((2 * Math.PI * (330 + 110 * channel) * i) / sampleRate);
    return samples;
  });
  if (frames > 1000) channels[0][1000] = 1;
  return { sampleRate, channels };
}

async function decode(file: Uint8Array, enableGapless = true) {
  const decoder = new MPEGDecoder({ enableGapless });
  await decoder.ready;
  try {
    return decoder.decode(file);
  } finally {
    decoder.free();
  }
}

const CASES: {
  name: string;
  audio: PlanarAudio;
  options: Mp3Options;
  rate: number;
  kind: "Xing" | "Info";
}[] = [
  {
    name: "stereo 44.1 kHz VBR",
    audio: clicked(44100 * 3 + 7, 44100, 2),
    options: { vbrQuality: 2 },
    rate: 44100,
    kind: "Xing",
  },
  {
    name: "stereo 48 kHz CBR",
    audio: clicked(48000 * 2 + 555, 48000, 2),
    options: { bitrate: 192 },
    rate: 48000,
    kind: "Info",
  },
  {
    name: "mono 22.05 kHz VBR (MPEG-2)",
    audio: clicked(22050 + 1, 22050, 1),
    options: { vbrQuality: 5 },
    rate: 22050,
    kind: "Xing",
  },
  {
    name: "stereo 96 kHz resampled to 48 kHz",
    audio: clicked(96000 + 200, 96000, 2),
    options: { vbrQuality: 2 },
    rate: 48000,
    kind: "Xing",
  },
  {
    name: "a single sample",
    audio: clicked(1, 44100, 2),
    options: { bitrate: 128 },
    rate: 44100,
    kind: "Info",
  },
];

describe("the MP3 Info header", () => {
  it.each(CASES)("states the true length of $name", async ({ audio, options, rate, kind }) => {
    const file = await encodeMp3(audio, options);
    const header = readMp3InfoHeader(file);
    const samples = Math.round((audio.channels[0].length * rate) / audio.sampleRate);
    expect(header.kind).toBe(kind);
    expect(header.sampleRate).toBe(rate);
    expect(header.encoder).toBe("LAME3.100");
    expect(header.encoderDelay).toBe(576);
    expect(header.bytes).toBe(file.length);
    expect(header.musicLength).toBe(file.length);
    // The header counts the audio frames, not itself.
    expect(header.frames).toBe(layer3Frames(file).length - 1);
    // A gapless player's length is exact.
    expect(gaplessSamples(header)).toBe(samples);
    // One that reads only the frame count is long by the delay and LAME's closing padding:
    // less than its 576 + 1152 samples plus one frame of rounding.
    const counted = header.frames * header.samplesPerFrame;
    expect(counted - samples).toBeGreaterThanOrEqual(576);
    expect(counted - samples).toBeLessThan(576 + 1152 + header.samplesPerFrame);

    const gapless = await decode(file);
    expect(gapless.errors).toEqual([]);
    expect(gapless.sampleRate).toBe(rate);
    expect(gapless.samplesDecoded).toBe(samples);
    // Without gapless trimming the decoder plays every audio frame and skips the header frame.
    expect((await decode(file, false)).samplesDecoded).toBe(counted);
  });

  it("puts the first sample of the audio first after trimming", async () => {
    const decoded = await decode(await encodeMp3(clicked(44100, 44100, 2), { vbrQuality: 2 }));
    const left = decoded.channelData[0];
    let loudest = 0;
    for (let i = 0; i < 4000; i++) if (Math.abs(left[i]) > Math.abs(left[loudest])) loudest = i;
    expect(loudest).toBe(1000);
  });

  it("has a seek table that finds the middle of the song in the middle of the bytes", async () => {
    // Silence then a loud noise: a variable bitrate stream whose bytes are mostly in its second half.
    const rate = 44100;
    const frames = rate * 6;
    const left = new Float32Array(frames);
    let seed = 1;
    for (let i = frames / 2; i < frames; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      left[i] = (seed / 2 ** 32 - 0.5) * 0.8;
    }
    const file = await encodeMp3({ sampleRate: rate, channels: [left, left.slice()] }, { vbrQuality: 2 });
    const header = readMp3InfoHeader(file);
    expect(header.toc[0]).toBe(0);
    for (let i = 1; i < 100; i++) expect(header.toc[i]).toBeGreaterThanOrEqual(header.toc[i - 1]);
    // Half the time is well short of half the bytes here: the table says where it really is.
    expect(header.toc[50]).toBeLessThan(64);
    const from = Math.floor((header.toc[50] * header.bytes) / 256);
    const rest = await decode(file.subarray(from), false);
    const restSeconds = rest.samplesDecoded / rate;
    expect(restSeconds).toBeGreaterThan(3 - 0.1);
    expect(restSeconds).toBeLessThan(3 + 0.1);
  });

  it("carries the LAME tag's CRC-16 over the tag frame", async () => {
    // CRC-16/ARC's check value.
    expect(crc16(new TextEncoder().encode("123456789"))).toBe(0xbb3d);
    const header = readMp3InfoHeader(await encodeMp3(clicked(4410, 44100, 2)));
    expect(header.tagCrc).toBe(crc16(header.tagCrcCovers));
  });

  it("refuses bytes that are not a whole stream of MPEG frames", async () => {
    const facts = { samples: 1, encoderDelay: 576, quality: 80, encoder: "LAME3.100" };
    expect(() => withInfoTag(new TextEncoder().encode("RIFF....WAVE"), facts)).toThrow(
      "No MPEG Layer III frame at byte 0",
    );
    const file = await encodeMp3(clicked(44100, 44100, 2), { bitrate: 128 });
    // The encoder's own stream: the file past its Info frame.
    const stream = file.subarray(layer3Frames(file)[0].length);
    expect(() => withInfoTag(stream.subarray(0, stream.length - 10), facts)).toThrow(/is cut short/);
    expect(() => withInfoTag(stream, { ...facts, samples: 10 * 44100 })).toThrow(/do not fit in \d+ frames/);
    expect(() => withInfoTag(new Uint8Array(0), facts)).toThrow("An MP3 needs at least one frame");
  });
});
