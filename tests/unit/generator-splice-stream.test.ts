import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BuiltInGenerator } from "../../src/generator/built-in-generator.ts";
import type { GeneratedSong, GenerationProgress } from "../../src/generator/generator.ts";
import type { PcmAudio, ReferenceClip } from "../../src/generator/song-request.ts";
import { joinAt, replaceRange, sliceAudio } from "../../src/generator/tasks/splice.ts";
import { spliceStream } from "../../src/generator/tasks/splice-stream.ts";
import { generateSong, pcmBytes, songRequest } from "../generator-requests.ts";

const RATE = 48000;

/** Noise-like stereo audio, different per seed. */
function audioOf(frames: number, seed: number): PcmAudio {
  const channels = [new Float32Array(frames), new Float32Array(frames)];
  for (let i = 0; i < frames; i++) {
    channels[0][i] = Math.sin(i * 0.013 * seed) * 0.5;
    channels[1][i] = Math.cos(i * 0.007 * seed) * 0.4;
  }
  return { sampleRate: RATE, channels };
}

/** The frames a listener ends up with: each progress in order, an overlap already heard skipped. */
function assemble(progress: readonly GenerationProgress[], frames: number): PcmAudio {
  const channels = [new Float32Array(frames), new Float32Array(frames)];
  let reached = 0;
  for (const { chunk, atSeconds } of progress) {
    const at = Math.round(atSeconds * RATE);
    const skip = Math.max(0, reached - at);
    for (let c = 0; c < 2; c++) channels[c].set(chunk.channels[c].subarray(skip), at + skip);
    reached = Math.max(reached, at + chunk.channels[0].length);
  }
  return { sampleRate: RATE, channels };
}

const chunksOf = (audio: PcmAudio, size: number): GenerationProgress[] => {
  const out: GenerationProgress[] = [];
  for (let at = 0; at < audio.channels[0].length; at += size) {
    out.push({ chunk: sliceAudio(audio, at, at + size), atSeconds: at / RATE });
  }
  return out;
};

describe("a splice streamed while it renders", () => {
  it("hands on the range as soon as each chunk covers it, each frame as the finished replace has it", () => {
    const source = audioOf(RATE * 4, 3);
    const song = audioOf(RATE * 4, 7);
    const [join, to, fade] = [RATE, RATE * 3, 2400];
    const finished = replaceRange(source, song, join, to, fade);
    const sent: GenerationProgress[] = [];
    const feed = spliceStream({
      source,
      offset: 0,
      join,
      fade,
      end: to - fade,
      onProgress: (p) => sent.push(p),
    });
    const chunks = chunksOf(song, 12_000);
    // The chunks before the join send nothing; the one reaching past the crossfade sends from the join.
    for (const chunk of chunks.slice(0, 4)) feed(chunk);
    expect(sent).toHaveLength(0);
    feed(chunks[4]);
    expect(sent).toHaveLength(1);
    expect(Math.round(sent[0].atSeconds * RATE)).toBe(join);
    expect(sent[0].chunk.channels[0].length).toBe(60_000 - join);
    for (const chunk of chunks.slice(5)) feed(chunk);
    const last = sent[sent.length - 1];
    expect(Math.round(last.atSeconds * RATE) + last.chunk.channels[0].length).toBe(to - fade);
    const streamed = assemble(sent, to - fade);
    expect(pcmBytes(sliceAudio(streamed, join, to - fade))).toEqual(
      pcmBytes(sliceAudio(finished, join, to - fade)),
    );
  });

  it("an extend's continuation, laid after the song's offset (silence before it), matches joinAt", () => {
    const source = audioOf(RATE * 2, 5);
    const song = audioOf(RATE * 5, 9);
    const [join, fade, offset] = [RATE, 2400, 6000];
    const laid = sliceAudio(song, -offset, RATE * 5 - offset);
    const finished = joinAt(source, laid, join, fade);
    const sent: GenerationProgress[] = [];
    const feed = spliceStream({ source, offset, join, fade, end: RATE * 5, onProgress: (p) => sent.push(p) });
    for (const chunk of chunksOf(song, 5000)) feed(chunk);
    const streamed = assemble(sent, RATE * 5);
    expect(pcmBytes(sliceAudio(streamed, join, RATE * 5))).toEqual(
      pcmBytes(sliceAudio(finished, join, RATE * 5)),
    );
  });
});

describe("the built-in generator's streamed infill and extend are the finished songs, bit for bit", () => {
  const generator = new BuiltInGenerator({ threads: 1 });
  afterAll(() => generator.close());
  let source: GeneratedSong;
  beforeAll(async () => {
    source = (await generateSong(generator, songRequest({ durationSeconds: 12, seed: 5 }))).song;
  }, 900_000);
  const clip = (): ReferenceClip => ({
    clipId: "a",
    audio: source.mix,
    score: source.score,
    tags: source.tags,
    lyrics: source.lyrics,
  });

  it("infill: what streamed (the range as it rendered, then the rest) is the song's audio", async () => {
    const infill = { start: 3, end: 9 };
    const { song, progress } = await generateSong(
      generator,
      songRequest({ task: "infill", seed: 9, source: clip(), infill }),
    );
    const frames = song.mix.channels[0].length;
    expect(pcmBytes(assemble(progress, frames))).toEqual(pcmBytes(song.mix));
  }, 900_000);

  it("extend: what streamed (the continuation as it rendered) is the song's audio", async () => {
    const { song, progress } = await generateSong(
      generator,
      songRequest({ task: "extend", seed: 6, source: clip(), continueAt: 8, durationSeconds: 10 }),
    );
    expect(pcmBytes(assemble(progress, song.mix.channels[0].length))).toEqual(pcmBytes(song.mix));
  }, 900_000);
});
