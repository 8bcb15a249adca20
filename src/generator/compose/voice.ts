// The eSpeak-NG voice for the lyrics' language: English unless the lyrics' common words say
// otherwise.

const MARKERS: readonly { readonly voice: string; readonly words: ReadonlySet<string> }[] = [
  {
    voice: "es",
    words: new Set([
      "el",
      "la",
      "los",
      "las",
      "que",
      "y",
      "de",
      "en",
      "mi",
      "tu",
      "corazón",
      "amor",
      "con",
      "por",
      "una",
      "yo",
      "eres",
      "quiero",
      "noche",
    ]),
  },
  {
    voice: "fr",
    words: new Set([
      "le",
      "les",
      "je",
      "tu",
      "et",
      "de",
      "des",
      "une",
      "est",
      "mon",
      "moi",
      "toi",
      "nous",
      "pas",
      "dans",
      "avec",
      "amour",
      "coeur",
      "cœur",
    ]),
  },
  {
    voice: "de",
    words: new Set([
      "der",
      "die",
      "das",
      "und",
      "ich",
      "du",
      "nicht",
      "ein",
      "eine",
      "mein",
      "dich",
      "mich",
      "ist",
      "wir",
      "liebe",
      "herz",
      "nacht",
    ]),
  },
  {
    voice: "it",
    words: new Set([
      "il",
      "che",
      "di",
      "e",
      "non",
      "un",
      "una",
      "sono",
      "mio",
      "tuo",
      "amore",
      "cuore",
      "notte",
      "per",
      "con",
      "sei",
    ]),
  },
  {
    voice: "pt",
    words: new Set([
      "o",
      "os",
      "que",
      "e",
      "de",
      "não",
      "um",
      "uma",
      "meu",
      "você",
      "coração",
      "amor",
      "com",
      "para",
      "eu",
    ]),
  },
];
const ENGLISH = new Set([
  "the",
  "and",
  "you",
  "i",
  "to",
  "me",
  "my",
  "is",
  "in",
  "of",
  "a",
  "it",
  "we",
  "your",
  "love",
  "heart",
  "night",
  "on",
  "all",
  "be",
]);

/** Scripts that name their language outright. */
const SCRIPTS: readonly [RegExp, string][] = [
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "ja"],
  [/\p{Script=Hangul}/u, "ko"],
  [/\p{Script=Han}/u, "cmn"],
  [/\p{Script=Cyrillic}/u, "ru"],
  [/\p{Script=Greek}/u, "el"],
  [/\p{Script=Arabic}/u, "ar"],
  [/\p{Script=Hebrew}/u, "he"],
  [/\p{Script=Devanagari}/u, "hi"],
];

export function voiceFor(lyrics: string): string {
  for (const [script, voice] of SCRIPTS) if (script.test(lyrics)) return voice;
  const words = lyrics
    .toLowerCase()
    .replace(/\[[^\]]*\]/g, " ")
    .split(/[^\p{L}']+/u)
    .filter(Boolean);
  if (words.length === 0) return "en-us";
  const count = (set: ReadonlySet<string>) => words.reduce((n, w) => n + (set.has(w) ? 1 : 0), 0);
  const english = count(ENGLISH);
  let best = { voice: "en-us", score: english };
  for (const marker of MARKERS) {
    const score = count(marker.words);
    if (score > best.score * 1.5 && score >= 3) best = { voice: marker.voice, score };
  }
  return best.voice;
}
