// The song's form: sections from the lyrics' tags ([Verse], [Chorus 2], [Pre-Chorus] ...) or a
// default form, each with its lines and a length in bars, then stretched or shortened so the
// song lasts what was asked (within one bar).

import type { GenrePreset } from "./genres.ts";
import type { Random } from "./random.ts";
import { syllableCount } from "./syllables.ts";

export interface LyricSection {
  readonly kind: string;
  readonly lines: readonly string[];
}

export interface PlannedSection {
  readonly kind: string;
  readonly lines: readonly string[];
  readonly bars: number;
  /** Bars each sung line takes (the melody's phrase length). */
  readonly barsPerLine: number;
  /** 0..1 before the genre's energy range: the chorus lifts. */
  readonly energy: number;
}

const KIND_ALIASES: readonly [RegExp, string][] = [
  [/^pre[\s-]?chorus/, "pre-chorus"],
  [/^post[\s-]?chorus/, "post-chorus"],
  [/^(refrain|chorus)/, "chorus"],
  [/^(interlude|instrumental|break$|solo|guitar solo|piano solo|sax solo|.*\bsolo$)/, "instrumental"],
  [/^(end|ending|fade[\s-]?out|outro)/, "outro"],
  [/^(build[\s-]?up|build|riser)/, "build"],
  [/^(break[\s-]?down)/, "breakdown"],
  [/^(intro|opening)/, "intro"],
  [/^(verse)/, "verse"],
  [/^(bridge|middle 8|middle eight)/, "bridge"],
  [/^(hook)/, "hook"],
  [/^(drop)/, "drop"],
];

const ENERGY: Readonly<Record<string, number>> = {
  intro: 0.25,
  verse: 0.5,
  "pre-chorus": 0.65,
  chorus: 0.9,
  "post-chorus": 0.8,
  hook: 0.85,
  bridge: 0.6,
  instrumental: 0.75,
  build: 0.7,
  drop: 1,
  breakdown: 0.3,
  outro: 0.3,
};

/** How full a section of this kind is, 0..1, before the genre's energy range. */
export function baseEnergy(kind: string): number {
  return ENERGY[kind] ?? 0.6;
}

/** Sections without lines keep this many bars. */
const INSTRUMENTAL_BARS: Readonly<Record<string, number>> = {
  intro: 4,
  outro: 4,
  instrumental: 8,
  drop: 8,
  breakdown: 4,
  build: 4,
};

/** From this tempo on, sections without lines phrase in twice the bars. */
const FAST_BPM = 150;

/** The sections a song peaks on: breaks and repeats go after them. */
const PEAKS = new Set(["chorus", "hook", "drop"]);

/** "[Verse 2]" -> "verse", "[Pre Chorus]" -> "pre-chorus"; unknown tags keep their words. */
export function sectionKind(tag: string): string {
  const text = tag
    .toLowerCase()
    .replace(/[[\]]/g, "")
    .split(/[:|(]| - /)[0]
    .replace(/\d+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  for (const [pattern, kind] of KIND_ALIASES) if (pattern.test(text)) return kind;
  return text || "verse";
}

/** "[Verse 2]", and the unbracketed "Chorus:" or "(Bridge)" some people write. */
const TAG_LINES = [
  /^\s*\[([^\]]*)\]\s*$/,
  /^\s*\(?((?:intro|verse|pre[\s-]?chorus|chorus|refrain|hook|bridge|outro|instrumental|interlude)(?:\s*\d+)?)\)?\s*:?\s*$/i,
];

function tagOf(line: string): string | null {
  for (const pattern of TAG_LINES) {
    const match = pattern.exec(line);
    if (match) return match[1];
  }
  return null;
}

/** Sections as the lyrics tag them; untagged lyrics get a verse/chorus form by stanza. */
export function lyricSections(lyrics: string): LyricSection[] {
  const rawLines = lyrics.replace(/\r\n?/g, "\n").split("\n");
  const tagged = rawLines.some((line) => tagOf(line) !== null);
  if (!tagged) return defaultLyricForm(rawLines);
  const sections: { kind: string; lines: string[] }[] = [];
  for (const raw of rawLines) {
    const tag = tagOf(raw);
    if (tag !== null) {
      sections.push({ kind: sectionKind(tag), lines: [] });
      continue;
    }
    const line = cleanLine(raw);
    if (!line) continue;
    if (sections.length === 0) sections.push({ kind: "verse", lines: [] });
    sections[sections.length - 1].lines.push(line);
  }
  // A bare [Chorus] repeats the chorus sung before it.
  return sections.map((section, i) => {
    if (section.lines.length > 0 || INSTRUMENTAL_BARS[section.kind]) return section;
    const earlier = sections
      .slice(0, i)
      .reverse()
      .find((s) => s.kind === section.kind && s.lines.length > 0);
    return earlier ? { kind: section.kind, lines: earlier.lines } : section;
  });
}

function cleanLine(raw: string): string {
  // Bracketed notes and *stage directions* are not sung.
  return raw
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\*[^*]*\*/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function defaultLyricForm(rawLines: readonly string[]): LyricSection[] {
  const stanzas: string[][] = [[]];
  for (const raw of rawLines) {
    const line = cleanLine(raw);
    if (line) stanzas[stanzas.length - 1].push(line);
    else if (stanzas[stanzas.length - 1].length > 0) stanzas.push([]);
  }
  const chunks = stanzas
    .filter((s) => s.length > 0)
    .flatMap((s) =>
      s.length > 8
        ? Array.from({ length: Math.ceil(s.length / 4) }, (_, i) => s.slice(4 * i, 4 * i + 4))
        : [s],
    );
  if (chunks.length === 0) return [];
  const order = ["verse", "chorus", "verse", "chorus", "bridge", "chorus"];
  return chunks.map((lines, i) => ({
    kind: i < order.length ? order[i] : i % 2 === 0 ? "verse" : "chorus",
    lines,
  }));
}

/** One of the genre's instrumental forms, as bare sections. */
export function instrumentalForm(preset: GenrePreset, random: Random): LyricSection[] {
  return random.pick(preset.forms.instrumental).map((tag) => ({ kind: sectionKind(tag), lines: [] }));
}

export interface FormOptions {
  readonly bpm: number;
  readonly beatsPerBar: number;
  /** Seconds asked for, or null to let the lyrics decide within `naturalRange`. */
  readonly seconds: number | null;
  readonly naturalRange: readonly [number, number];
  /** Add an intro / outro when the lyrics do not tag one. */
  readonly frame: { readonly intro: boolean; readonly outro: boolean };
}

/** Sixteenth-free syllable grid: the shortest note a syllable gets, in beats. */
export function syllableUnit(bpm: number): number {
  return 30 / bpm >= 0.17 ? 0.5 : 1;
}

function barsPerLine(lines: readonly string[], bpm: number, beatsPerBar: number): number {
  const most = Math.max(
    0,
    ...lines.map((line) => line.split(/\s+/).reduce((n, w) => n + syllableCount(w), 0)),
  );
  const perBar = (beatsPerBar / syllableUnit(bpm)) * 0.85;
  return most + 1 <= 2 * perBar ? 2 : 4;
}

function plan(section: LyricSection, options: FormOptions): PlannedSection {
  const energy = baseEnergy(section.kind);
  if (section.lines.length === 0) {
    return {
      kind: section.kind,
      lines: [],
      // Fast genres (drum and bass, punk) phrase in twice the bars: a section lasts as long as it sounds.
      bars: (INSTRUMENTAL_BARS[section.kind] ?? 8) * (options.bpm >= FAST_BPM ? 2 : 1),
      barsPerLine: 2,
      energy,
    };
  }
  const perLine = barsPerLine(section.lines, options.bpm, options.beatsPerBar);
  return {
    kind: section.kind,
    lines: section.lines,
    bars: perLine * section.lines.length,
    barsPerLine: perLine,
    energy,
  };
}

const total = (sections: readonly PlannedSection[]) => sections.reduce((n, s) => n + s.bars, 0);

/** Plans the sections and fits them to the asked duration (whole bars, within half a bar). */
export function planForm(lyric: readonly LyricSection[], options: FormOptions): PlannedSection[] {
  let sections = lyric.map((s) => plan(s, options));
  if (options.frame.intro && sections.length > 0 && sections[0].kind !== "intro") {
    sections.unshift(plan({ kind: "intro", lines: [] }, options));
  }
  if (options.frame.outro && sections.length > 0 && sections[sections.length - 1].kind !== "outro") {
    sections.push(plan({ kind: "outro", lines: [] }, options));
  }
  const barSeconds = (60 / options.bpm) * options.beatsPerBar;
  const natural = total(sections) * barSeconds;
  const [low, high] = options.naturalRange;
  const seconds = options.seconds ?? Math.min(high, Math.max(low, natural));
  const target = Math.max(1, Math.round(seconds / barSeconds));
  sections = grow(sections, target);
  sections = shrink(sections, target);
  return liftRepeats(sections);
}

function grow(input: PlannedSection[], target: number): PlannedSection[] {
  const sections = [...input];
  const outroAt = () =>
    sections[sections.length - 1]?.kind === "outro" ? sections.length - 1 : sections.length;
  const instrumental = (bars: number): PlannedSection => ({
    kind: "instrumental",
    lines: [],
    bars,
    barsPerLine: 2,
    energy: ENERGY.instrumental,
  });
  const chorus = [...sections].reverse().find((s) => s.lines.length > 0 && PEAKS.has(s.kind));
  let step = 0;
  let breaks = 0;
  let repeats = 0;
  while (total(sections) < target) {
    const missing = target - total(sections);
    if (step === 0 && sections[0]?.kind === "intro" && sections[0].bars < 8) {
      sections[0] = { ...sections[0], bars: Math.min(8, sections[0].bars + missing) };
    } else if (step === 1 && sections.length > 0) {
      const lastChorus = sections.map((s) => s.kind).lastIndexOf("chorus");
      const at = lastChorus > 0 ? lastChorus : outroAt();
      sections.splice(at, 0, instrumental(Math.min(8, missing)));
    } else if (
      step === 2 &&
      sections[sections.length - 1]?.kind === "outro" &&
      sections[sections.length - 1].bars < 8
    ) {
      const outro = sections[sections.length - 1];
      sections[sections.length - 1] = { ...outro, bars: Math.min(8, outro.bars + missing) };
    } else if (step === 3 && chorus && missing >= chorus.bars) {
      sections.splice(outroAt(), 0, chorus);
      repeats++;
    } else if (breaks === 1 && repeats < 2 && chorus && missing >= chorus.bars) {
      sections.splice(outroAt(), 0, chorus);
      repeats++;
    } else {
      // Breaks after the choruses in turn, so the song does not pile up one long instrumental.
      const after = sections.flatMap((s, i) =>
        PEAKS.has(s.kind) && sections[i + 1]?.kind !== "instrumental" ? [i + 1] : [],
      );
      const at = after.length > 0 ? after[breaks % after.length] : outroAt();
      const previous = sections[at - 1];
      if (after.length === 0 && previous?.kind === "instrumental" && previous.bars < 16)
        sections[at - 1] = { ...previous, bars: previous.bars + Math.min(8, missing) };
      else sections.splice(Math.min(at, outroAt()), 0, instrumental(Math.min(8, missing)));
      breaks++;
    }
    step++;
  }
  return sections;
}

function shrink(input: PlannedSection[], target: number): PlannedSection[] {
  let sections = [...input];
  const over = () => total(sections) - target;
  for (const kind of ["intro", "outro"]) {
    for (let i = 0; i < sections.length && over() > 0; i++) {
      if (sections[i].kind === kind && sections[i].lines.length === 0 && sections[i].bars > 2) {
        sections[i] = { ...sections[i], bars: Math.max(2, sections[i].bars - over()) };
      }
    }
  }
  for (let i = sections.length - 1; i >= 0 && over() > 0; i--) {
    const s = sections[i];
    if (s.lines.length === 0 && s.kind !== "intro" && s.kind !== "outro") sections.splice(i, 1);
  }
  sections = sections.map((s) =>
    over() > 0 && s.barsPerLine === 4 ? { ...s, barsPerLine: 2, bars: s.lines.length * 2 } : s,
  );
  // Drop whole sung sections from the end while that does not cut too much.
  while (over() > 0) {
    const sungIndexes = sections.flatMap((s, i) => (s.lines.length > 0 ? [i] : []));
    const last = sungIndexes[sungIndexes.length - 1];
    if (sungIndexes.length <= 1 || sections[last].bars > over()) break;
    sections.splice(last, 1);
  }
  for (let i = sections.length - 1; i >= 0 && over() > 0; i--) {
    const s = sections[i];
    const keep = Math.max(1, s.bars - over());
    if (s.lines.length === 0) {
      if (keep < s.bars) sections[i] = { ...s, bars: keep };
      if (over() > 0 && sections.length > 1) sections.splice(i, 1);
    } else {
      const lines = Math.max(1, Math.floor(keep / s.barsPerLine));
      const perLine = keep < s.barsPerLine ? keep : s.barsPerLine;
      sections[i] = { ...s, lines: s.lines.slice(0, lines), bars: keep, barsPerLine: perLine };
    }
  }
  const short = target - total(sections);
  if (short > 0) {
    const last = sections[sections.length - 1];
    sections[sections.length - 1] = { ...last, bars: last.bars + short };
  }
  return sections;
}

/** How much each repeat of a kind of section lifts over the one before: the last chorus is the peak. */
const REPEAT_LIFT: Readonly<Record<string, number>> = { chorus: 0.04, hook: 0.04, verse: 0.03 };

function liftRepeats(sections: readonly PlannedSection[]): PlannedSection[] {
  const seen = new Map<string, number>();
  return sections.map((s) => {
    const n = seen.get(s.kind) ?? 0;
    seen.set(s.kind, n + 1);
    return { ...s, energy: Math.min(1, s.energy + (REPEAT_LIFT[s.kind] ?? 0) * n) };
  });
}
