import { hasReference, type Reference, type ReferenceOptions, type ReferenceType } from "./references.ts";

// The reference combination rules, checked in a fixed order: the first broken
// rule's message is the answer. Only the duplicate rule's wording is given; the others say the rule.

/** How the messages name each reference type (the words the messages use). */
const REFERENCE_NAMES: Record<ReferenceType, string> = {
  cover: "cover",
  sample: "sample",
  persona: "persona",
  playlist: "playlist",
  underpaint: "underpaint",
  overpaint: "overpaint",
  extend: "extend",
  infill: "infill",
  gen_stem: "gen-stem",
  stem_condition: "stem-condition",
};

export const DUPLICATE_REFERENCES_MESSAGE = "Duplicate non-persona reference types are not allowed";

const EXTEND_EXCLUDES: readonly ReferenceType[] = [
  "cover",
  "infill",
  "gen_stem",
  "stem_condition",
  "playlist",
  "underpaint",
  "overpaint",
];
const STEM_CONDITION_EXCLUDES: readonly ReferenceType[] = [
  "extend",
  "gen_stem",
  "playlist",
  "underpaint",
  "persona",
  "overpaint",
];

const firstPresent = (
  references: readonly Reference[],
  types: readonly ReferenceType[],
): ReferenceType | undefined => types.find((type) => hasReference(references, type));

const othersThan = (references: readonly Reference[], type: ReferenceType): boolean =>
  references.some((reference) => reference.type !== type);

function duplicateProblem(references: readonly Reference[]): string | null {
  const seen = new Set<ReferenceType>();
  for (const { type } of references) {
    if (type !== "persona" && seen.has(type)) return DUPLICATE_REFERENCES_MESSAGE;
    seen.add(type);
  }
  return null;
}

function infillProblem(references: readonly Reference[]): string | null {
  const infill = references.find((reference) => reference.type === "infill");
  if (!infill) return null;
  if (
    infill.generateFullContext &&
    [infill.startSeconds, infill.endSeconds, infill.contextStartSeconds, infill.contextEndSeconds].some(
      (bound) => bound === undefined,
    )
  ) {
    return "Infill with generate-full-context needs all four infill and context boundaries defined";
  }
  return null;
}

/** The message of the first combination rule the references break, or null when they may be sent. */
export function referenceCombinationProblem(
  references: readonly Reference[],
  options: ReferenceOptions,
): string | null {
  const has = (type: ReferenceType) => hasReference(references, type);
  const duplicate = duplicateProblem(references);
  if (duplicate) return duplicate;
  if (has("infill") && has("cover") && has("persona")) {
    return "Infill cannot be combined with both cover and persona";
  }
  if (has("sample") && othersThan(references, "sample")) {
    return "Sample cannot be combined with any other operation";
  }
  if (has("extend")) {
    const other = firstPresent(references, EXTEND_EXCLUDES);
    if (other) return `Extend cannot be combined with ${REFERENCE_NAMES[other]}`;
  }
  if (has("gen_stem") && othersThan(references, "gen_stem")) {
    return "Gen-stem cannot be combined with any other operation";
  }
  if (has("stem_condition")) {
    const other = firstPresent(references, STEM_CONDITION_EXCLUDES);
    if (other) return `Stem-condition cannot be combined with ${REFERENCE_NAMES[other]}`;
  }
  if (has("playlist")) {
    if (references.some(({ type }) => type !== "playlist" && type !== "persona")) {
      return "Playlist can be combined only with persona";
    }
    if (has("persona") && !options.voxPersonaEnabled) {
      return "Playlist with persona needs vox persona enabled";
    }
  }
  if (has("underpaint") && has("overpaint"))
    return "Underpaint and overpaint cannot be combined with each other";
  for (const type of ["underpaint", "overpaint"] as const) {
    if (has(type) && othersThan(references, type)) {
      return `${type === "underpaint" ? "Underpaint" : "Overpaint"} cannot be combined with other operations`;
    }
  }
  if (has("infill") && has("cover")) return "Infill cover is not supported";
  if (has("infill") && has("persona")) return "Artist infill is not supported";
  return infillProblem(references);
}
