// Which stem type each of the built-in generator's stems is: drums, bass and vocals are what they
// say; the chords and the lead take the type of the instrument that plays loudest in them.
import type { PatchName, Score, StemName } from "../../generator/score.ts";
import type { StemType } from "../../shared/api/stem-types.ts";

const PATCH_TYPES: Record<PatchName, StemType> = {
  "piano-fm": "Keyboard",
  "epiano-fm": "Keyboard",
  organ: "Keyboard",
  "bell-fm": "Keyboard",
  "pad-saw": "Synth",
  "lead-square": "Synth",
  "lead-saw": "Synth",
  "strings-saw": "Strings",
  "pluck-ks": "Guitar",
  "guitar-ks": "Guitar",
  "bass-sub": "Bass",
  "bass-saw": "Bass",
  "bass-fm": "Bass",
  "bass-ks": "Bass",
};

/** Without a score (its instruments unknown): how the built-in generator usually voices the part. */
const USUAL_TYPES: Record<StemName, StemType> = {
  drums: "Drums",
  bass: "Bass",
  vocals: "Vocals",
  chords: "Keyboard",
  lead: "Synth",
};

export function partStemType(stem: StemName, score: Score | null): StemType {
  if (stem === "drums" || stem === "bass" || stem === "vocals") return USUAL_TYPES[stem];
  const loudest = (score?.parts ?? [])
    .filter((part) => part.stem === stem)
    .reduce<{ patch: PatchName; gain: number } | null>(
      (best, part) => (best === null || part.gain > best.gain ? part : best),
      null,
    );
  return loudest ? PATCH_TYPES[loudest.patch] : USUAL_TYPES[stem];
}
