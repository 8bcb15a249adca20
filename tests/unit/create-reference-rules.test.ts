import { describe, expect, it } from "vitest";
import {
  DUPLICATE_REFERENCES_MESSAGE,
  referenceCombinationProblem,
} from "../../src/shared/create/reference-rules.ts";
import type { Reference, ReferenceType } from "../../src/shared/create/references.ts";

const ref: Record<ReferenceType, Reference> = {
  cover: { type: "cover", clipId: "c" },
  sample: { type: "sample", sampleClipIds: ["s"] },
  persona: { type: "persona", clipId: "root", personaId: "p" },
  playlist: { type: "playlist", playlistId: "l", playlistClipIds: [] },
  underpaint: { type: "underpaint", clipId: "u" },
  overpaint: { type: "overpaint", clipId: "o" },
  extend: { type: "extend", clipId: "e", isUpload: false, startSeconds: 3 },
  infill: {
    type: "infill",
    clipId: "i",
    variant: "infill",
    startSeconds: 1,
    endSeconds: 4,
    generateFullContext: false,
  },
  gen_stem: { type: "gen_stem", clipId: "g" },
  stem_condition: { type: "stem_condition", clipId: "sc" },
};
const plain = { voxPersonaEnabled: false };
const vox = { voxPersonaEnabled: true };
const problem = (types: readonly ReferenceType[], options = plain) =>
  referenceCombinationProblem(
    types.map((type) => ref[type]),
    options,
  );

describe("reference combination rules", () => {
  it("accepts each reference alone and none at all", () => {
    expect(problem([])).toBeNull();
    for (const type of Object.keys(ref) as ReferenceType[]) expect(problem([type])).toBeNull();
  });

  it("refuses duplicate non-persona types but allows several personas", () => {
    for (const type of Object.keys(ref) as ReferenceType[]) {
      if (type === "persona") continue;
      expect(problem([type, type])).toBe(DUPLICATE_REFERENCES_MESSAGE);
    }
    expect(DUPLICATE_REFERENCES_MESSAGE).toBe("Duplicate non-persona reference types are not allowed");
    expect(problem(["persona", "persona"])).toBeNull();
    expect(problem(["persona", "persona", "cover"])).toBeNull();
  });

  it("refuses infill with both cover and persona", () => {
    expect(problem(["infill", "cover", "persona"])).toBe(
      "Infill cannot be combined with both cover and persona",
    );
  });

  it("refuses sample with any other operation", () => {
    for (const other of [
      "cover",
      "persona",
      "playlist",
      "underpaint",
      "overpaint",
      "infill",
      "gen_stem",
    ] as const) {
      expect(problem(["sample", other])).toBe("Sample cannot be combined with any other operation");
    }
    expect(problem(["sample", "extend"])).toBe("Sample cannot be combined with any other operation");
  });

  it("refuses extend with cover, infill, gen-stem, stem-condition, playlist, underpaint or overpaint", () => {
    const names = {
      cover: "cover",
      infill: "infill",
      gen_stem: "gen-stem",
      stem_condition: "stem-condition",
      playlist: "playlist",
      underpaint: "underpaint",
      overpaint: "overpaint",
    } as const;
    for (const [type, name] of Object.entries(names) as [ReferenceType, string][]) {
      expect(problem(["extend", type])).toBe(`Extend cannot be combined with ${name}`);
    }
    expect(problem(["extend", "persona"])).toBeNull();
  });

  it("refuses gen-stem with anything", () => {
    for (const other of [
      "cover",
      "persona",
      "playlist",
      "underpaint",
      "overpaint",
      "infill",
      "stem_condition",
    ] as const) {
      expect(problem(["gen_stem", other])).toBe("Gen-stem cannot be combined with any other operation");
    }
  });

  it("refuses stem-condition with extend, gen-stem, playlist, underpaint, persona or overpaint", () => {
    expect(problem(["stem_condition", "persona"])).toBe("Stem-condition cannot be combined with persona");
    expect(problem(["stem_condition", "playlist"])).toBe("Stem-condition cannot be combined with playlist");
    expect(problem(["stem_condition", "underpaint"])).toBe(
      "Stem-condition cannot be combined with underpaint",
    );
    expect(problem(["stem_condition", "overpaint"])).toBe("Stem-condition cannot be combined with overpaint");
    // Extend and gen-stem have their own rules first.
    expect(problem(["stem_condition", "extend"])).toBe("Extend cannot be combined with stem-condition");
    expect(problem(["stem_condition", "gen_stem"])).toBe(
      "Gen-stem cannot be combined with any other operation",
    );
    expect(problem(["stem_condition", "cover"])).toBeNull();
    expect(problem(["stem_condition", "infill"])).toBeNull();
  });

  it("lets a playlist go only with a persona, and that only with the vox persona", () => {
    for (const other of ["cover", "infill"] as const) {
      expect(problem(["playlist", other])).toBe("Playlist can be combined only with persona");
    }
    expect(problem(["playlist", "persona"])).toBe("Playlist with persona needs vox persona enabled");
    expect(problem(["playlist", "persona"], vox)).toBeNull();
  });

  it("refuses underpaint and overpaint with other operations or each other", () => {
    expect(problem(["underpaint", "overpaint"])).toBe(
      "Underpaint and overpaint cannot be combined with each other",
    );
    expect(problem(["underpaint", "cover"])).toBe("Underpaint cannot be combined with other operations");
    expect(problem(["persona", "overpaint"])).toBe("Overpaint cannot be combined with other operations");
    expect(problem(["overpaint", "infill"])).toBe("Overpaint cannot be combined with other operations");
    expect(problem(["playlist", "underpaint"])).toBe("Playlist can be combined only with persona");
  });

  it("refuses infill cover and artist infill as unsupported", () => {
    expect(problem(["infill", "cover"])).toBe("Infill cover is not supported");
    expect(problem(["persona", "infill"])).toBe("Artist infill is not supported");
  });

  it("accepts the supported pairs", () => {
    expect(problem(["cover", "persona"])).toBeNull();
    expect(problem(["cover", "persona"], vox)).toBeNull();
    expect(problem(["extend", "persona"])).toBeNull();
  });

  it("needs all four boundaries for a generate-full-context infill", () => {
    const base = { type: "infill", clipId: "i", variant: "infill", generateFullContext: true } as const;
    const full = { ...base, startSeconds: 1, endSeconds: 4, contextStartSeconds: 0, contextEndSeconds: 8 };
    expect(referenceCombinationProblem([full], plain)).toBeNull();
    const message = "Infill with generate-full-context needs all four infill and context boundaries defined";
    for (const key of ["startSeconds", "endSeconds", "contextStartSeconds", "contextEndSeconds"] as const) {
      const missing = { ...full, [key]: undefined };
      expect(referenceCombinationProblem([missing], plain)).toBe(message);
    }
    // Without full context the boundaries are not needed.
    expect(referenceCombinationProblem([{ ...base, generateFullContext: false }], plain)).toBeNull();
  });
});
