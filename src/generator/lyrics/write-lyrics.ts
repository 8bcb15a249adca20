import { descriptionTags, planDescription } from "../compose/description-plan.ts";
import { DEFAULT_GENRE, genrePreset } from "../compose/genres.ts";
import { hashString, Random } from "../compose/random.ts";
import { detectGenre } from "../compose/style-text.ts";
import { lineSyllableCount as countSyllables } from "../compose/syllables.ts";
import { pickScheme, type RhymeScheme } from "./rhyme-schemes.ts";
import { lastWord, RHYME_FAMILIES, type RhymeFamily } from "./rhymes.ts";
import { genresIn } from "./style-lexicon.ts";
import { COMMON_THEME, THEMES, themesFor } from "./themes.ts";
import { songTitle } from "./titles.ts";

export interface WrittenLyrics {
  readonly title: string;
  /** Lyrics with section tags ([Verse], [Chorus], ...), sections separated by a blank line. */
  readonly text: string;
  /** Comma-separated styles guessed from the prompt: genre, mood, then a sound that goes with them. */
  readonly tags: string;
  /** The prompt asks for music without a singer (a beat, a trailer, an instrumental). */
  readonly instrumental: boolean;
}

type SectionKind = "verse" | "pre" | "chorus" | "bridge" | "outro";

/** What a form's tag carries: the lines of a kind of section, or none (an intro, a solo, a drop). */
export function sungKind(tag: string): SectionKind | null {
  if (/^verse/i.test(tag)) return "verse";
  if (/^pre-chorus/i.test(tag)) return "pre";
  if (/^(chorus|hook)/i.test(tag)) return "chorus";
  if (/^bridge/i.test(tag)) return "bridge";
  if (/^outro/i.test(tag)) return "outro";
  return null;
}

/** Syllables per line in each kind of section, and its lines (four lines rhyme by a scheme, two as a couplet). */
export const SECTION_METER: Record<SectionKind, { readonly syllables: number; readonly lines: number }> = {
  verse: { syllables: 9, lines: 4 },
  pre: { syllables: 8, lines: 2 },
  chorus: { syllables: 8, lines: 4 },
  bridge: { syllables: 7, lines: 4 },
  outro: { syllables: 8, lines: 2 },
};

const STOP_WORDS = new Set(
  (
    "a an the and or but of to in on at by for with about into from over under my your our their his her its " +
    "i me we you they he she it is are was were be been am do does did have has had this that these those " +
    "song songs lyrics lyric write make about some something very really like just so as than then " +
    "track music tune vibe vibes style feel feeling please want need who what when where which how " +
    "all every any one"
  ).split(" "),
);
const MOOD_WORDS = new Set(THEMES.map((theme) => theme.mood));

/** Content words of a prompt that read as nouns: the imagery the lyrics must carry. */
function keywordsOf(prompt: string): string[] {
  const genreWords = new Set(genresIn(prompt).flatMap((genre) => genre.split(" ")));
  const words = prompt
    .toLowerCase()
    .replace(/[^a-z'\s-]/g, " ")
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ""))
    .filter(
      (word) =>
        word.length >= 3 &&
        !STOP_WORDS.has(word) &&
        !genreWords.has(word) &&
        !MOOD_WORDS.has(word) &&
        !/(?:ly|ful|ous|ive|ish|less)$/.test(word),
    );
  // A possessive keeps what it owns: "grandmother's garden" is one image.
  const phrases: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const next = words[i + 1];
    if (word.endsWith("'s") && next !== undefined) {
      phrases.push(`${word} ${next}`);
      i++;
    } else {
      phrases.push(word.replace(/'s$/, ""));
    }
  }
  // What the song is about comes first: the words after "about", then nouns before the doings
  // and times around them ("dancing all night at the disco" is about the disco).
  const about = prompt.toLowerCase().split(/\babout\b/)[1] ?? "";
  const rank = (phrase: string) =>
    (about.includes(phrase) ? 0 : 2) +
    (/^\w{3,}ing$/.test(phrase) && !NOUNS_IN_ING.has(phrase) ? 1 : 0) +
    (TIMES.has(phrase) ? 1 : 0);
  const unique = [...new Set(phrases)];
  return unique
    .map((phrase, index) => ({ phrase, index }))
    .sort((a, b) => rank(a.phrase) - rank(b.phrase) || a.index - b.index)
    .map(({ phrase }) => phrase)
    .slice(0, 3);
}

/** Nouns that end like a verb's "-ing" form, and times of day: neither is what a song is about. */
const NOUNS_IN_ING = new Set(
  "morning evening spring building ceiling wedding king ring string thing wing nothing everything something ending feeling painting".split(
    " ",
  ),
);
const TIMES = new Set("night nights day days tonight morning evening today weekend".split(" "));

/** Lines are built from a few hundred phrases: each is counted once. */
const PHRASE_SYLLABLES = new Map<string, number>();
function syllablesOf(phrase: string): number {
  let count = PHRASE_SYLLABLES.get(phrase);
  if (count === undefined) {
    count = countSyllables(phrase);
    PHRASE_SYLLABLES.set(phrase, count);
  }
  return count;
}

/** Nouns sung without an article ("dreaming of summer", not "of the summer"). */
const BARE_NOUNS = new Set(
  (
    "love summer winter spring autumn freedom time music rain snow coffee gold fire sunshine midnight neon " +
    "heaven home paradise forever tomorrow yesterday tonight today nothing everything someone nobody"
  ).split(" "),
);

/** A prompt's word as the object of a line: "city" becomes "the city"; plurals and possessives stay. */
const asNounPhrase = (word: string) =>
  BARE_NOUNS.has(word) || word.endsWith("s") || word.includes("'") ? word : `the ${word}`;

interface Candidate {
  readonly line: string;
  readonly score: number;
}

class LineWriter {
  private readonly usedEndings = new Set<string>();
  private readonly usedOpeners = new Set<string>();

  constructor(
    private readonly random: () => number,
    private readonly actions: readonly string[],
    private readonly beings: readonly string[],
  ) {}

  /**
   * The line closest to the syllable target ending in this family, avoiding endings already sung
   * and the last words of the lines it must rhyme with (a word does not rhyme with itself).
   */
  write(
    family: RhymeFamily,
    target: number,
    openers?: { actions: string[]; beings: string[] },
    avoid: readonly string[] = [],
  ): string {
    const candidates: Candidate[] = [];
    const consider = (opener: string, endings: readonly string[]) => {
      for (const ending of endings) {
        if (this.usedEndings.has(ending) || avoid.includes(lastWord(ending))) continue;
        for (const filler of ["", "and ", "oh, "]) {
          const line = `${filler}${opener} ${ending}`;
          const syllables = syllablesOf(filler) + syllablesOf(opener) + syllablesOf(ending);
          const score =
            Math.abs(syllables - target) +
            (filler ? 0.4 : 0) +
            (this.usedOpeners.has(opener) ? 0.6 : 0) +
            this.random() * 0.3;
          candidates.push({ line, score });
        }
      }
    };
    for (const opener of openers?.actions ?? this.actions) consider(opener, family.place);
    for (const opener of openers?.beings ?? this.beings) consider(opener, family.state);
    // Every ending of the family sung already: sing one again rather than break the rhyme.
    if (candidates.length === 0) this.usedEndings.clear();
    if (candidates.length === 0) return this.write(family, target, openers, avoid);
    const best = candidates.reduce((a, b) => (b.score < a.score ? b : a));
    for (const ending of [...family.place, ...family.state]) {
      if (best.line.endsWith(` ${ending}`)) this.usedEndings.add(ending);
    }
    for (const opener of [...(openers?.actions ?? this.actions), ...(openers?.beings ?? this.beings)]) {
      if (best.line.includes(`${opener} `)) this.usedOpeners.add(opener);
    }
    return capitalize(best.line);
  }

  /** A hook: the keyword, then an ending of the family ("Summer, burning bright"). */
  hook(keyword: string, family: RhymeFamily, target: number): { line: string; ending: string } {
    let best: { line: string; ending: string; score: number } | null = null;
    for (const ending of [...family.state, ...family.place]) {
      for (const lead of ["", "oh, ", "oh, oh, "]) {
        const line = `${lead}${keyword}, ${ending}`;
        const syllables = syllablesOf(lead) + syllablesOf(keyword) + syllablesOf(ending);
        const score = Math.abs(syllables - target) + (lead ? 0.4 : 0) + this.random() * 0.3;
        if (!best || score < best.score) best = { line, ending, score };
      }
    }
    if (!best) throw new Error(`Rhyme family ${family.sound} has no endings`);
    for (const ending of [...family.place, ...family.state]) {
      if (best.line.endsWith(` ${ending}`)) this.usedEndings.add(ending);
    }
    return { line: capitalize(best.line), ending: best.ending };
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Rhyme families in a seeded order, each used once before any repeats. */
function familyDeck(random: () => number): () => RhymeFamily {
  const deck = [...RHYME_FAMILIES];
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [deck[i], deck[j]] = [deck[j] as RhymeFamily, deck[i] as RhymeFamily];
  }
  let next = 0;
  return () => deck[next++ % deck.length] as RhymeFamily;
}

/**
 * Writes lyrics for a prompt: themes and imagery from its words, rhyming couplets in a steady meter
 * per section, a repeating chorus opened by a hook that names the song, in one of the forms of the
 * genre it names, and styles that keep its genre and mood words.
 * Pure: the same prompt and seed always give the same lyrics.
 */
export function writeLyrics(prompt: string, seed: number): WrittenLyrics {
  const rng = new Random((seed ^ hashString(prompt)) >>> 0);
  const random = () => rng.next();
  const words = prompt
    .toLowerCase()
    .split(/[^a-z'-]+/)
    .filter(Boolean);
  const themes = themesFor(words);
  const theme = themes[0] ?? rng.pick(THEMES);
  const secondTheme = themes[1];
  const keywords = keywordsOf(prompt);
  const keyword = keywords[0] ? asNounPhrase(keywords[0]) : rng.pick(theme.nouns);

  const actions = [...theme.actions, ...(secondTheme?.actions ?? []), ...COMMON_THEME.actions];
  const beings = [...theme.beings, ...(secondTheme?.beings ?? []), ...COMMON_THEME.beings];
  const writer = new LineWriter(random, actions, beings);
  const nextFamily = familyDeck(random);
  // A verse opens on one of the prompt's own words, so the song is about what was asked.
  const keywordOpeners = (word: string) => ({
    actions: [
      `I keep chasing ${word}`,
      `dreaming of ${word}`,
      `we're singing of ${word}`,
      `I hear ${word} calling`,
    ],
    beings: [`with ${word} we're`, `${word} and I are`, `in ${word} we're`],
  });

  const couplet = (target: number) => {
    const family = nextFamily();
    const a = writer.write(family, target);
    return [a, writer.write(family, target, undefined, [lastWord(a)])];
  };
  /**
   * Four lines rhymed by the scheme; the first opens on the given openers, or is the given line
   * (the hook) in its family; the third opens on its own openers when given.
   */
  const quatrain = (
    target: number,
    scheme: RhymeScheme,
    first?: {
      openers?: { actions: string[]; beings: string[] };
      line?: string;
      family?: RhymeFamily;
      third?: { actions: string[]; beings: string[] };
    },
  ) => {
    const families = new Map<string, RhymeFamily>();
    const lines: string[] = [];
    for (let i = 0; i < 4; i++) {
      const letter = scheme[i] as string;
      const given = i === 0 ? first?.family : undefined;
      const family = given ?? (letter !== "X" ? families.get(letter) : undefined) ?? nextFamily();
      if (letter !== "X") families.set(letter, family);
      const avoid = lines.filter((_, j) => letter !== "X" && scheme[j] === letter).map(lastWord);
      lines.push(
        i === 0 && first?.line
          ? first.line
          : writer.write(
              family,
              target,
              i === 0 ? first?.openers : i === 2 ? first?.third : undefined,
              avoid,
            ),
      );
    }
    return lines;
  };

  // Each kind of four-line section rhymes by its own scheme, drawn per song.
  const schemes = {
    verse: pickScheme(rng.fork("scheme:verse")),
    chorus: pickScheme(rng.fork("scheme:chorus")),
    bridge: pickScheme(rng.fork("scheme:bridge")),
  };
  const hookFamily = nextFamily();
  const hook = writer.hook(keyword, hookFamily, SECTION_METER.chorus.syllables);
  const chorus = quatrain(SECTION_METER.chorus.syllables, schemes.chorus, {
    line: hook.line,
    family: hookFamily,
  });
  const preChorus = couplet(SECTION_METER.pre.syllables);
  // A verse opens on one of the prompt's words and turns to the next halfway: every word asked
  // for is sung even in a form with a single verse.
  const verse = (index: number) => {
    const word = (i: number) => (keywords.length > 0 ? asNounPhrase(keywords[i % keywords.length]) : keyword);
    return quatrain(SECTION_METER.verse.syllables, schemes.verse, {
      openers: keywordOpeners(word(index)),
      third: keywords.length > 1 ? keywordOpeners(word(index + 1)) : undefined,
    });
  };
  const verses = [verse(0), verse(1), verse(2)];
  const bridge = quatrain(SECTION_METER.bridge.syllables, schemes.bridge);
  const outro = [
    hook.line,
    writer.write(hookFamily, SECTION_METER.outro.syllables, undefined, [lastWord(hook.line)]),
  ];
  const otherNouns = [...keywords.slice(1).map(asNounPhrase), ...theme.nouns].filter(
    (noun) => noun !== keyword,
  );
  const title = songTitle(
    { subject: keyword, ending: hook.ending, other: otherNouns[0] ?? keyword },
    rng.fork("title"),
  );

  const plan = planDescription(prompt);
  const tags = descriptionTags(plan, {
    genre: genresIn(prompt)[0] ?? rng.pick(theme.genres),
    mood: theme.mood,
  });
  const genre = plan.genre ?? genrePreset(detectGenre(tags, new Set()) ?? DEFAULT_GENRE);
  const form = rng.pick(genre.forms.sung);
  // Each verse tag has its own lines; a tag sung again ("Verse 3" closing an A A B A form) repeats them.
  const verseTags = [...new Set(form.filter((tag) => sungKind(tag) === "verse"))];
  const linesOf: Record<SectionKind, (tag: string) => readonly string[]> = {
    verse: (tag) => verses[Math.min(verses.length - 1, verseTags.indexOf(tag))] as string[],
    pre: () => preChorus,
    chorus: () => chorus,
    bridge: () => bridge,
    outro: () => outro,
  };
  const sections = form.map((tag) => {
    const kind = sungKind(tag);
    return [`[${tag}]`, ...(kind ? linesOf[kind](tag) : [])].join("\n");
  });

  return { title, text: sections.join("\n\n"), tags, instrumental: plan.instrumental };
}
