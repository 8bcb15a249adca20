/**
 * Prompt moderation for lyrics. The messages carry the phrases the create page maps to its toasts:
 * 'flagged for moderation' / 'inappropriate material', and 'copyrighted' with
 * the offending term in quotes.
 */
import { genresIn } from "./style-lexicon.ts";

export type ModerationResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly kind: "flagged" | "copyrighted"; readonly message: string };

export const FLAGGED_MESSAGE =
  "This prompt was flagged for moderation: it contains inappropriate material. Please try a different prompt.";

export const copyrightedMessage = (term: string) =>
  `The prompt names "${term}": copyrighted material and artist names are not allowed. Describe genres or vibes instead.`;

/** Slurs and explicit terms, matched as whole words, so "spicy" or "Dickens" pass. */
const FLAGGED_WORDS = [
  "fuck",
  "fucking",
  "fucked",
  "fucker",
  "motherfucker",
  "shit",
  "shitty",
  "cunt",
  "bitch",
  "bitches",
  "whore",
  "slut",
  "porn",
  "porno",
  "rape",
  "raped",
  "rapist",
  "nigger",
  "nigga",
  "niggas",
  "faggot",
  "fag",
  "retard",
  "retarded",
  "kike",
  "spic",
  "chink",
  "tranny",
  "cocksucker",
  "dick",
  "pussy",
  "blowjob",
  "nazi",
  "nazis",
  "kill yourself",
];

/** Artist names and producer tags that may not be imitated; matched case-insensitively. */
const PROTECTED_TERMS = [
  "taylor swift",
  "drake",
  "beyonce",
  "beyoncé",
  "the beatles",
  "beatles",
  "eminem",
  "ed sheeran",
  "billie eilish",
  "kanye west",
  "kanye",
  "ariana grande",
  "adele",
  "rihanna",
  "justin bieber",
  "lady gaga",
  "bruno mars",
  "the weeknd",
  "kendrick lamar",
  "travis scott",
  "dua lipa",
  "olivia rodrigo",
  "bad bunny",
  "post malone",
  "coldplay",
  "metallica",
  "nirvana",
  "michael jackson",
  "elvis presley",
  "madonna",
  "radiohead",
  "pink floyd",
  "led zeppelin",
  "bts",
  "blackpink",
  // Producer tags.
  "metro boomin",
  "mustard on the beat",
  "murda on the beat",
  "dj khaled",
  "we the best music",
  "cashmoneyap",
  "taz taylor",
  "young chop",
  "dj mustard",
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const FLAGGED = new RegExp(`\\b(?:${FLAGGED_WORDS.map(escapeRegExp).join("|")})\\b`, "i");
const PROTECTED = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${PROTECTED_TERMS.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`,
  "iu",
);
/** "in the style of X", "a song by X": X up to punctuation or four words. */
const IMITATION =
  /\b(?:in the style of|styled after|a song by)\s+([\p{L}\p{N}'&.-]+(?:\s+[\p{L}\p{N}'&.-]+){0,3})/iu;

export function moderatePrompt(prompt: string): ModerationResult {
  if (FLAGGED.test(prompt)) return { ok: false, kind: "flagged", message: FLAGGED_MESSAGE };
  const named = PROTECTED.exec(prompt);
  if (named) return { ok: false, kind: "copyrighted", message: copyrightedMessage(named[0]) };
  const imitation = IMITATION.exec(prompt);
  // "in the style of 80s synthwave" names a style, not an artist.
  const imitated = imitation?.[1]?.trim();
  if (imitated && genresIn(imitated).length === 0 && !/\b\d0s\b/.test(imitated)) {
    return { ok: false, kind: "copyrighted", message: copyrightedMessage(imitated) };
  }
  return { ok: true };
}
