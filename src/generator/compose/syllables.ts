// English syllabification good enough to sing: vowel groups make the syllables (with y as a
// vowel after a consonant), a final silent e and silent -ed/-es join the syllable before,
// consonant + "le" makes its own, and the letters between two vowel groups split the way
// English spells it (one consonant goes right, clusters split in the middle, digraphs stay
// together). The pieces keep the word's own letters, so they join back into the word.

const VOWELS = new Set(["a", "e", "i", "o", "u", "y"]);
/** Pairs that stay together at a split. */
const DIGRAPHS = new Set(["th", "sh", "ch", "ph", "wh", "ck", "ng", "gh", "qu"]);
/** Consonant + l/r onsets that start the next syllable together. */
const BLENDS = new Set([
  "bl",
  "br",
  "cl",
  "cr",
  "dr",
  "fl",
  "fr",
  "gl",
  "gr",
  "pl",
  "pr",
  "tr",
  "str",
  "scr",
  "spr",
  "thr",
  "shr",
]);

/** Common words the rules miss, split as sung. */
const EXCEPTIONS: Readonly<Record<string, readonly string[]>> = {
  every: ["ev", "ery"],
  everything: ["ev", "ery", "thing"],
  everyone: ["ev", "ery", "one"],
  everybody: ["ev", "ery", "bod", "y"],
  maybe: ["may", "be"],
  someone: ["some", "one"],
  something: ["some", "thing"],
  somebody: ["some", "bod", "y"],
  sometimes: ["some", "times"],
  somewhere: ["some", "where"],
  anyone: ["an", "y", "one"],
  forever: ["for", "ev", "er"],
  whenever: ["when", "ev", "er"],
  wherever: ["where", "ev", "er"],
  beautiful: ["beau", "ti", "ful"],
  people: ["peo", "ple"],
  heaven: ["heav", "en"],
  evening: ["eve", "ning"],
  different: ["dif", "fer", "ent"],
  business: ["bus", "i", "ness"],
  idea: ["i", "de", "a"],
  fire: ["fire"],
  hour: ["hour"],
  our: ["our"],
  tired: ["tired"],
  lovely: ["love", "ly"],
  lonely: ["lone", "ly"],
  homeless: ["home", "less"],
  movement: ["move", "ment"],
};

function isVowelAt(word: string, i: number): boolean {
  const c = word[i];
  if (c === "y") return i > 0 && !VOWELS.has(word[i - 1]);
  if (c === "u" && i > 0 && word[i - 1] === "q") return false;
  return VOWELS.has(c);
}

/** [start, end) of each sounded vowel group in a lower-case word. */
function vowelGroups(word: string): [number, number][] {
  const groups: [number, number][] = [];
  let i = 0;
  while (i < word.length) {
    if (!isVowelAt(word, i)) {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < word.length && isVowelAt(word, end) && !splitsBetween(word, end)) end++;
    groups.push([i, end]);
    i = end;
  }
  return dropSilent(word, groups);
}

/** Two adjacent vowels sung apart: "li-on", "di-et", "be-ing", "cre-ate". */
function splitsBetween(word: string, at: number): boolean {
  const pair = word[at - 1] + word[at];
  const rest = word.slice(at);
  if (/^ing/.test(rest) || /^er$/.test(rest) || /^est$/.test(rest)) return true;
  if (pair === "io" || pair === "ia") return !/(t|s|c|x)i[oa]/.test(word.slice(at - 2, at + 1));
  if (pair === "ie" && /^e(t$|nt|nce)/.test(word.slice(at))) return true;
  if (pair === "eo" && word.slice(at + 1).startsWith("n")) return true;
  if (pair === "ea" && /^(te|ti|l$)/.test(word.slice(at + 1))) return true;
  if (pair === "ua") return word[at + 1] === "l";
  return false;
}

function dropSilent(word: string, groups: [number, number][]): [number, number][] {
  if (groups.length < 2) return groups;
  const last = groups[groups.length - 1];
  const before = word[last[0] - 1] ?? "";
  const consonantBefore = before !== "" && !VOWELS.has(before);
  const tail = word.slice(last[0]);
  const silent =
    // "make", "love": a final e after a consonant, but not consonant + le ("ta-ble").
    (tail === "e" && consonantBefore && !(before === "l" && !VOWELS.has(word[last[0] - 2] ?? "a"))) ||
    // "loved", "jumped" but not "wanted", "needed".
    (tail === "ed" && consonantBefore && before !== "t" && before !== "d") ||
    // "makes", "lives" but not "boxes", "kisses", "changes".
    (tail === "es" && consonantBefore && !/(s|x|z|ch|sh|g|c)$/.test(word.slice(0, last[0])));
  return silent ? groups.slice(0, -1) : groups;
}

/** Where the consonants between two vowel groups split: the index the next syllable starts at. */
function splitPoint(word: string, from: number, to: number): number {
  const cluster = word.slice(from, to);
  if (cluster.length === 0) return from;
  if (cluster.length === 1) {
    // "x" closes its syllable ("ex-it"); a single consonant otherwise opens the next ("ba-by").
    return cluster === "x" ? to : from;
  }
  if (cluster.length === 2 && DIGRAPHS.has(cluster))
    return cluster === "ck" || cluster === "ng" || cluster === "gh" ? to : from;
  // "ta-ble", "peo-ple": consonant + le at the end stays together.
  if (to === word.length - 1 && word.endsWith("le")) return to - 2;
  for (let size = 3; size >= 2; size--) {
    const onset = cluster.slice(-size);
    if (cluster.length >= size && (BLENDS.has(onset) || DIGRAPHS.has(onset))) return to - size;
  }
  const head = cluster.slice(0, 2);
  if (DIGRAPHS.has(head) && head !== "qu") return from + 2;
  return from + Math.ceil(cluster.length / 2);
}

/** The syllables of one word, as written (case and letters kept; they join back into the word). */
export function syllabify(word: string): string[] {
  const lower = word.toLowerCase();
  const letters = lower.replace(/[^a-z]/g, "");
  const exception = EXCEPTIONS[letters];
  if (exception && exception.length > 0 && letters === lower) return splitLike(word, exception);
  const groups = vowelGroups(lower);
  if (groups.length <= 1) return [word];
  const cuts: number[] = [];
  for (let g = 1; g < groups.length; g++) cuts.push(splitPoint(lower, groups[g - 1][1], groups[g][0]));
  const pieces: string[] = [];
  let start = 0;
  for (const cut of cuts) {
    pieces.push(word.slice(start, cut));
    start = cut;
  }
  pieces.push(word.slice(start));
  return pieces.filter((p) => p.length > 0);
}

function splitLike(word: string, parts: readonly string[]): string[] {
  const out: string[] = [];
  let at = 0;
  for (const part of parts) {
    out.push(word.slice(at, at + part.length));
    at += part.length;
  }
  if (at < word.length) out[out.length - 1] += word.slice(at);
  return out;
}

export function syllableCount(word: string): number {
  return syllabify(word).length;
}

/** Syllables of a line of lyrics: the sum over its words (hyphenated parts count apart). */
export const lineSyllableCount = (line: string): number =>
  line
    .split(/[\s-]+/)
    .filter((word) => /[a-z]/i.test(word))
    .reduce((sum, word) => sum + syllableCount(word.replace(/[^a-z']/gi, "")), 0);
