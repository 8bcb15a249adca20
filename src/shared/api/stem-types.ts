// The stem types a song's stems are labelled with, by the names the product gives them. A stem
// clip's stem_type_id is its type's index here, and stem_type_group_name the type's name.

export const STEM_TYPES = [
  "Vocals",
  "Backing_Vocals",
  "Drums",
  "Bass",
  "Guitar",
  "Keyboard",
  "Percussion",
  "Strings",
  "Synth",
  "FX",
  "Brass",
  "Woodwinds",
] as const;
export type StemType = (typeof STEM_TYPES)[number];

export const stemTypeId = (type: StemType): number => STEM_TYPES.indexOf(type);

/** Underscores read as spaces in titles: "Backing_Vocals" is shown "Backing Vocals". */
export const stemTypeLabel = (type: string): string => type.replaceAll("_", " ");
