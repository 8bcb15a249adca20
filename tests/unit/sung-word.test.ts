import { describe, expect, it } from "vitest";
import { sungWordIndex } from "../../src/shared/lyrics/sung-word.ts";

const words = [
  { start_s: 1, end_s: 1.5 },
  { start_s: 1.5, end_s: 2 },
  { start_s: 3, end_s: 3.4 },
];

describe("the sung word", () => {
  it("is the word whose time holds the moment", () => {
    expect([1, 1.2, 1.5, 1.99, 3, 3.39].map((at) => sungWordIndex(words, at))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it("is none before the first word, between words and after the last", () => {
    expect([0, 0.99, 2, 2.5, 3.4, 100].map((at) => sungWordIndex(words, at))).toEqual([
      -1, -1, -1, -1, -1, -1,
    ]);
    expect(sungWordIndex([], 1)).toBe(-1);
  });
});
