import { beforeAll, describe, expect, it } from "vitest";
import { bandProfile, chromaFrames } from "../../src/generator/analysis/chroma.ts";
import { composeSong } from "../../src/generator/compose/compose-song.ts";
import { intoRange, sampledSound } from "../../src/generator/compose/sampled-sounds.ts";
import { renderStem } from "../../src/generator/render/render-stems.ts";
import { prepareSoundFont } from "../../src/generator/render/sampler/sound-font.ts";
import type { DrumKit, DrumName, Note, Score } from "../../src/generator/score.ts";
import type { PcmAudio } from "../../src/generator/song-request.ts";
import { beats } from "../../src/shared/time.ts";
import { newDsp } from "../dsp-wasm.ts";
import { songRequest } from "../generator-requests.ts";
import { testScore } from "./generator-render-score.ts";

const RATE = 48000;

beforeAll(prepareSoundFont);

/** Level (dB) of the first tenth of a second: a hit's attack and body. */
function hitLevel(audio: PcmAudio): number {
  const frames = Math.round(0.1 * RATE);
  let energy = 0;
  for (const channel of audio.channels) for (let i = 0; i < frames; i++) energy += channel[i] ** 2;
  return 10 * Math.log10(energy / (frames * audio.channels.length));
}

/** One hit of `drum` alone, soft enough that the drum bus's compressor leaves it as it is. */
function hitScore(kit: DrumKit, program: number | undefined, drum: DrumName): Score {
  const base = testScore(1);
  return {
    ...base,
    lengthBeats: beats(1),
    parts: [],
    drums: {
      kit,
      gain: 0.85,
      hits: [{ start: beats(0), drum, velocity: 0.3 }],
      ...(program === undefined ? {} : { program }),
    },
  };
}

const note = (pitch: number, start = 0): Note => ({
  start: beats(start),
  duration: beats(1),
  pitch,
  velocity: 0.7,
});

describe("a SoundFont kit", () => {
  const DRUMS: readonly DrumName[] = ["kick", "snare", "clap", "closedHat", "openHat", "crash", "ride"];
  const KITS: readonly { kit: DrumKit; program: number; name: string }[] = [
    { kit: "acoustic", program: 0, name: "Standard" },
    { kit: "acoustic", program: 16, name: "Power" },
    { kit: "acoustic", program: 40, name: "Brush" },
    { kit: "electronic", program: 24, name: "Electronic" },
  ];

  it.each(KITS)("plays each drum where the synthesized $kit kit does ($name kit)", ({ kit, program }) => {
    const dsp = newDsp();
    for (const drum of DRUMS) {
      const synthesized = hitLevel(renderStem(dsp, hitScore(kit, undefined, drum), "drums", RATE));
      const sampled = hitLevel(renderStem(dsp, hitScore(kit, program, drum), "drums", RATE));
      expect(Number.isFinite(sampled), drum).toBe(true);
      expect(Math.abs(sampled - synthesized), drum).toBeLessThan(2);
    }
  });
});

describe("a tuned-percussion part", () => {
  it("plays on the vibraphone when the request names no other bell", () => {
    expect(sampledSound("pop", "bell-fm", "pop", "")?.program).toBe(11);
    expect(sampledSound("hip hop", "bell-fm", "hip hop, glockenspiel", "")?.program).toBe(9);
  });

  it("moves up by whole octaves into the instrument's range, and only then", () => {
    const glockenspiel = sampledSound("pop", "bell-fm", "pop, glockenspiel", "");
    const low = [note(53), note(60, 1), note(75, 2)];
    expect(intoRange(glockenspiel, low).map((n) => n.pitch)).toEqual([77, 84, 99]);
    const high = [note(72), note(84, 1)];
    expect(intoRange(glockenspiel, high)).toBe(high);
    expect(intoRange(sampledSound("pop", "piano-fm", "pop", ""), low)).toBe(low);
    // Never past MIDI's highest note: the part moves as far as its top note allows.
    expect(intoRange(glockenspiel, [note(50), note(110, 1)]).map((n) => n.pitch)).toEqual([62, 122]);
  });

  it("is heard on its notes' pitch classes: a glockenspiel part in the composed song", () => {
    const score = composeSong(
      songRequest({ tags: "hip hop, glockenspiel, in F minor", durationSeconds: 30 }),
    );
    const bell = score.parts.find((part) => part.program === 9);
    if (!bell) throw new Error("no glockenspiel part");
    expect(Math.min(...bell.notes.map((n) => n.pitch))).toBeGreaterThanOrEqual(72);
    // The notes' pitch classes, weighed by duration, against what the rendered stem sounds.
    const written = new Float64Array(12);
    for (const n of bell.notes) written[n.pitch % 12] += n.duration;
    const alone: Score = { ...score, parts: [bell], vocals: null };
    const heard = bandProfile(chromaFrames(newDsp(), renderStem(newDsp(), alone, bell.stem, RATE)).mid);
    expect(correlation(written, heard)).toBeGreaterThan(0.8);
  });
});

function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const mean = (x: ArrayLike<number>) => Array.from(x).reduce((s, v) => s + v, 0) / x.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}
