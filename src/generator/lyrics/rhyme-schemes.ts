// Rhyme schemes of a four-line section: which lines rhyme with which. A letter is a rhyme family;
// "X" is a line that rhymes with none (the first and third of ABCB). Each song draws its scheme
// per kind of section, so two songs rarely rhyme alike.
import type { Random } from "../compose/random.ts";

export const RHYME_SCHEMES = ["AABB", "ABAB", "XAXA", "AAXA"] as const;
export type RhymeScheme = (typeof RHYME_SCHEMES)[number];

export function pickScheme(random: Random): RhymeScheme {
  return random.pick(RHYME_SCHEMES);
}
