import { describe, expect, it } from "vitest";
import type { InstrumentPart, Score } from "../../src/generator/score.ts";
import { partStemType } from "../../src/server/generation/part-stem-types.ts";

const part = (
  stem: InstrumentPart["stem"],
  patch: InstrumentPart["patch"],
  gain: number,
): InstrumentPart => ({
  stem,
  patch,
  name: patch,
  notes: [],
  gain,
  pan: 0,
});

const scoreWith = (parts: InstrumentPart[]) => ({ parts }) as unknown as Score;

describe("the stem type of a generator part", () => {
  it("names drums, bass and vocals as they are, whatever plays them", () => {
    const score = scoreWith([part("bass", "bass-fm", 1)]);
    expect(partStemType("drums", score)).toBe("Drums");
    expect(partStemType("bass", score)).toBe("Bass");
    expect(partStemType("vocals", score)).toBe("Vocals");
  });

  it("types the chords and the lead by their loudest instrument", () => {
    const score = scoreWith([
      part("chords", "pad-saw", 0.3),
      part("chords", "piano-fm", 0.6),
      part("lead", "guitar-ks", 0.5),
      part("lead", "strings-saw", 0.2),
    ]);
    expect(partStemType("chords", score)).toBe("Keyboard");
    expect(partStemType("lead", score)).toBe("Guitar");
    expect(partStemType("chords", scoreWith([part("chords", "strings-saw", 1)]))).toBe("Strings");
  });

  it("without a score, types the parts as the generator usually voices them", () => {
    expect(partStemType("chords", null)).toBe("Keyboard");
    expect(partStemType("lead", null)).toBe("Synth");
    expect(partStemType("lead", scoreWith([]))).toBe("Synth");
  });
});
