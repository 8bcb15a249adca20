// Song titles in many shapes, as songwriters name songs: the subject alone, the hook, a rhyme's
// ending, two of the song's images joined, an address, a question, a plea. Each shape is built from
// the song's own words (the description's subject, its hook, the theme's nouns), so the title
// names what the song is about; the seed picks the shape.
import type { Random } from "../compose/random.ts";

/** What a title is made of. */
export interface TitleWords {
  /** The description's subject as sung ("the city", "coffee"), or a theme noun when it names none. */
  readonly subject: string;
  /** The hook's ending ("burning bright"): the chorus's first line is the subject and it. */
  readonly ending: string;
  /** A second image of the song: another subject word of the description, or a theme noun. */
  readonly other: string;
}

/** The subject without its article: "the city" -> "city". */
const bare = (phrase: string) => phrase.replace(/^(the|a|an)\s+/i, "");

/** The title shapes; each takes the song's words. */
export const TITLE_SHAPES: readonly ((w: TitleWords) => string)[] = [
  (w) => bare(w.subject),
  (w) => `${bare(w.subject)} ${w.ending}`,
  (w) => w.ending,
  (w) => `${bare(w.subject)} and ${bare(w.other)}`,
  (w) => `letters to ${w.subject}`,
  (w) => `where did ${w.subject} go?`,
  (w) => `take me back to ${w.subject}`,
  (w) => `${bare(w.subject)} (${w.ending})`,
  (w) => `all I know is ${w.subject}`,
  (w) => `${bare(w.subject)}, ${bare(w.subject)}`,
  (w) => `before ${w.subject}`,
  (w) => `the ballad of ${w.subject}`,
];

const SMALL_WORDS = new Set(["the", "a", "an", "of", "in", "to", "and", "on", "for", "is", "at"]);

export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .map((word, index) =>
      index > 0 && SMALL_WORDS.has(word) ? word : word.replace(/\p{L}/u, (letter) => letter.toUpperCase()),
    )
    .join(" ");
}

export function songTitle(words: TitleWords, random: Random): string {
  return titleCase(random.pick(TITLE_SHAPES)(words));
}
