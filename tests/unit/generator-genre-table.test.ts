// The genre table's own rules: every genre is well formed (rhythms a bar long, forms that sing and
// play, a tempo range inside the genre's usual one), and the words the issue measured pick the
// genre they name.
import { describe, expect, it } from "vitest";
import { grooveFor } from "../../src/generator/compose/drums.ts";
import { GENRE_PRESETS, genrePreset } from "../../src/generator/compose/genres.ts";
import { sectionKind } from "../../src/generator/compose/structure.ts";
import { detectGenre } from "../../src/generator/compose/style-text.ts";
import { sungKind } from "../../src/generator/lyrics/write-lyrics.ts";

describe("the genre table", () => {
  it("holds one-bar rhythms, sung and instrumental forms, and sane ranges for every genre", () => {
    for (const preset of GENRE_PRESETS) {
      const patterns = [
        preset.bass,
        preset.chords,
        ...[preset.drums, preset.drumsLow, ...preset.drumVariants].flatMap((groove) => Object.values(groove)),
      ];
      for (const pattern of patterns) expect(pattern, preset.name).toHaveLength(16);
      expect(preset.drumVariants.length, preset.name).toBeGreaterThan(0);
      expect(preset.forms.sung.length, preset.name).toBeGreaterThan(0);
      expect(preset.forms.instrumental.length, preset.name).toBeGreaterThan(0);
      // Every sung form sings the hook that names the song: in a chorus or in the outro.
      for (const form of preset.forms.sung) {
        expect(form.some((tag) => ["chorus", "outro"].includes(`${sungKind(tag)}`))).toBe(true);
      }
      for (const form of preset.forms.instrumental) {
        for (const tag of form) expect(sectionKind(tag), tag).not.toBe("");
      }
      expect(preset.tempo[0]).toBeLessThan(preset.tempo[1]);
      expect(preset.seconds[0]).toBeLessThan(preset.seconds[1]);
    }
  });

  it("lists every genre once, the first fourteen in the order the platform always had", () => {
    const names = GENRE_PRESETS.map((preset) => preset.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.slice(0, 4)).toEqual(["pop", "rock", "metal", "hip hop"]);
    expect(names.indexOf("cinematic")).toBe(13);
  });

  it("has the tempo and feel each genre is known by", () => {
    const expected: [string, number, number, string][] = [
      ["drum and bass", 165, 180, "straight"],
      ["trap", 130, 160, "half-time"],
      ["lo-fi", 70, 95, "swung"],
      ["punk", 160, 200, "straight"],
      ["reggae", 60, 100, "half-time"],
      ["jazz", 90, 180, "swung"],
    ];
    for (const [name, low, high, feel] of expected) {
      const preset = genrePreset(name);
      expect(preset.tempo[0], name).toBeGreaterThanOrEqual(low);
      expect(preset.tempo[1], name).toBeLessThanOrEqual(high);
      expect(preset.feel, name).toBe(feel);
    }
  });

  it("picks the genre a description names, not a neighbour's", () => {
    expect(detectGenre("drum and bass", new Set())).toBe("drum and bass");
    expect(detectGenre("liquid dnb", new Set())).toBe("drum and bass");
    expect(detectGenre("acoustic folk ballad", new Set())).toBe("folk");
    expect(detectGenre("bossa nova", new Set())).toBe("bossa nova");
    expect(detectGenre("pop punk", new Set())).toBe("punk");
    expect(detectGenre("retro synthwave", new Set())).toBe("synthwave");
  });

  it("varies the full groove across a phrase of four bars, and only the drums a quiet groove has", () => {
    for (const preset of GENRE_PRESETS) {
      const full = [0, 1, 2, 3].map((bar) => JSON.stringify(grooveFor(preset, 1, bar)));
      expect(new Set(full).size, preset.name).toBeGreaterThanOrEqual(2);
      for (let bar = 0; bar < 4; bar++) {
        expect(Object.keys(grooveFor(preset, 0.4, bar)).sort(), preset.name).toEqual(
          Object.keys(preset.drumsLow).sort(),
        );
      }
      expect(grooveFor(preset, 0.1, 0)).toEqual({});
    }
  });
});
