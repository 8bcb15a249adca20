import { describe, expect, it } from "vitest";
import {
  keyOf,
  rankBySimilarity,
  type SongTraits,
  similarity,
} from "../../src/server/player/song-similarity.ts";
import { styleTags } from "../../src/shared/library/style-tags.ts";

const song = (traits: Partial<SongTraits>): SongTraits => ({
  tags: [],
  personaId: null,
  bpm: null,
  key: null,
  ...traits,
});

describe("song similarity", () => {
  it("reads styles and keys from a styles text", () => {
    expect(styleTags(" Pop, lo-fi ,pop,, ")).toEqual(["pop", "lo-fi"]);
    expect(keyOf("jazz, A minor")).toEqual({ tonic: 9, minor: true });
    expect(keyOf("C# major, funk")).toEqual({ tonic: 1, minor: false });
    expect(keyOf("Bb maj")).toEqual({ tonic: 10, minor: false });
    expect(keyOf("dream pop")).toBeNull();
  });

  it("weighs shared styles most, then persona, then tempo and key neighbours", () => {
    const seed = song({ tags: ["jazz", "piano"], personaId: "p", bpm: 100, key: { tonic: 0, minor: false } });
    expect(similarity(seed, song({ tags: ["jazz"] }))).toBe(3);
    expect(similarity(seed, song({ personaId: "p" }))).toBe(2);
    expect(similarity(seed, song({ bpm: 112 }))).toBe(1);
    expect(similarity(seed, song({ bpm: 113 }))).toBe(0);
    // The relative minor and a fifth away are near; a tritone is not.
    expect(similarity(seed, song({ key: { tonic: 9, minor: true } }))).toBe(1);
    expect(similarity(seed, song({ key: { tonic: 7, minor: false } }))).toBe(1);
    expect(similarity(seed, song({ key: { tonic: 6, minor: false } }))).toBe(0);
  });

  it("ranks most alike first, ties in the order given", () => {
    const seed = song({ tags: ["jazz"], bpm: 90 });
    const candidates = [
      { id: "a", traits: song({ tags: ["rock"] }) },
      { id: "b", traits: song({ bpm: 92 }) },
      { id: "c", traits: song({ tags: ["jazz"] }) },
      { id: "d", traits: song({ bpm: 95 }) },
    ];
    expect(rankBySimilarity(seed, candidates, (c) => c.traits).map((c) => c.id)).toEqual([
      "c",
      "b",
      "d",
      "a",
    ]);
  });
});
