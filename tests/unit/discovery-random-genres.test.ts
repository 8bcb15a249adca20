import { describe, expect, it } from "vitest";
import { Random } from "../../src/generator/compose/random.ts";
import { pickRandomGenres, shuffleHead } from "../../src/shared/discovery/random-genres.ts";

const seeded = (seed: number) => {
  const random = new Random(seed);
  return () => random.next();
};

describe("the random-genre rule", () => {
  const genres = ["pop", "rock", "metal", "jazz", "trap", "lo-fi", "edm", "latin"];

  it("picks five distinct genres of the list, differently for different draws", () => {
    const picks = pickRandomGenres([...genres, "pop"], seeded(1));
    expect(picks).toHaveLength(5);
    expect(new Set(picks).size).toBe(5);
    for (const pick of picks) expect(genres).toContain(pick);
    const draws = new Set(
      Array.from({ length: 10 }, (_, i) => pickRandomGenres(genres, seeded(i + 2)).join()),
    );
    expect(draws.size).toBeGreaterThan(1);
    expect(pickRandomGenres(["pop", "rock"], seeded(3)).sort()).toEqual(["pop", "rock"]);
  });

  it("shuffles the first ten and keeps the rest in place", () => {
    const list = Array.from({ length: 15 }, (_, i) => i);
    const out = shuffleHead(list, seeded(7));
    expect(out.slice(10)).toEqual([10, 11, 12, 13, 14]);
    expect([...out.slice(0, 10)].sort((a, b) => a - b)).toEqual(list.slice(0, 10));
    expect(out.slice(0, 10)).not.toEqual(list.slice(0, 10));
  });
});
