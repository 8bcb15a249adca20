import { describe, expect, it } from "vitest";
import { playlistStyles, REGENERATE_STYLES_MAX } from "../../src/server/playlists/regenerate-styles.ts";

describe("a playlist's styles for its regeneration", () => {
  it("puts the styles most songs share first, ties in the order met", () => {
    expect(playlistStyles(["synthwave, dark", "pop, synthwave", "pop, synthwave, female vocals"])).toBe(
      "synthwave, pop, dark, female vocals",
    );
  });

  it("counts a style once per song, whatever its case and spacing, keeping the first spelling", () => {
    expect(playlistStyles(["Lo-Fi,  lo-fi, chill", "LO-FI", "chill  hop", "chill hop"])).toBe(
      "Lo-Fi, chill hop, chill",
    );
  });

  it(`keeps at most ${REGENERATE_STYLES_MAX} styles`, () => {
    const tags = ["a, b, c, d, e, f, g", "g, f"];
    expect(playlistStyles(tags).split(", ")).toEqual(["f", "g", "a", "b", "c"]);
  });

  it("gives nothing for songs without styles", () => {
    expect(playlistStyles([null, undefined, "", " , ,"])).toBe("");
    expect(playlistStyles([])).toBe("");
  });
});
