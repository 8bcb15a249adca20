// Infill (replace section): the bars inside the range rewritten (new words when the request has
// them, else the same words sung anew), everything outside kept note for note. The new bars are
// made from the context window only (the whole song unless the request bounds it), with the range
// itself masked, as an infill model hears its context: their harmony is that of a section of the
// same kind in the window, else the progression the window plays before the range carried on,
// else the one after it led into, else new; the band is arranged over the window's chords alone.

import { beats } from "../../shared/time.ts";
import type { ChordSpan, Score, VocalPart } from "../score.ts";
import type { SongRequest } from "../song-request.ts";
import { arrange, BEATS_PER_BAR, layOutSource } from "./arrangement.ts";
import { styleOf } from "./fresh-song.ts";
import { genrePreset } from "./genres.ts";
import { chordSymbol, composeHarmony, harmonyGroup } from "./harmony.ts";
import { ScaleSteps } from "./key.ts";
import type { Random } from "./random.ts";
import { joinNotes, joinParts, joinVocals } from "./source-joins.ts";
import { lyricSections, syllableUnit } from "./structure.ts";
import { sungWords } from "./sung-words.ts";
import { type LaidSection, singSections } from "./vocal-line.ts";

export function infillScore(request: SongRequest, source: Score, random: Random): Score {
  const range = request.infill ?? { start: 0, end: 0 };
  const toBeats = (s: number) => (s * source.bpm) / 60;
  let from = Math.ceil(toBeats(range.start) / BEATS_PER_BAR - 1e-9) * BEATS_PER_BAR;
  let to = Math.floor(toBeats(range.end) / BEATS_PER_BAR + 1e-9) * BEATS_PER_BAR;
  if (to <= from) {
    from = Math.round(toBeats(range.start));
    to = Math.max(from + 1, Math.round(toBeats(range.end)));
  }
  const style = styleOf(request, random, {
    tags: request.tags || request.source?.tags || source.genre,
    fallbackGenre: source.genre,
    bpm: source.bpm,
    key: source.key,
    from: source,
    ...(source.vocals ? { gender: source.vocals.gender } : {}),
  });
  const inRange = (t: number) => t >= from - 1e-9 && t < to - 1e-9;
  const scale = new ScaleSteps(source.key);
  const window = contextWindow(request, source, toBeats);
  const harmony = source.chords
    ? rangeHarmony(source, source.chords, { from, to }, window, scale, random.fork("infill-harmony"))
    : undefined;
  const laid = layOutSource(source.sections, style, true);
  const alternative = arrange({
    seed: request.seed,
    version: request.version,
    style,
    sections: laid,
    ...(harmony ? { chords: harmony.heard } : {}),
    vocals: null,
    voice: source.vocals?.voice ?? "en-us",
    random: random.fork("infill"),
  });
  const chords = harmony?.song ?? alternative.chords ?? [];
  // The words sung in the range: the request's new lyrics, else the source's words there, sung anew.
  const oldWords = source.vocals
    ? [...new Set(source.vocals.notes.filter((n) => inRange(n.start)).map((n) => n.word))].map(
        (w) => source.vocals?.words[w] ?? "",
      )
    : [];
  // A client may send the whole song's lyrics with the replaced part changed: the new lines are
  // those the source does not already have.
  const known = new Set(lyricSections(request.source?.lyrics ?? "").flatMap((s) => s.lines));
  const newLines = lyricSections(request.lyrics)
    .flatMap((s) => s.lines)
    .filter((line) => !known.has(line));
  const lines =
    newLines.length > 0
      ? newLines
      : chunkWords(oldWords, Math.max(1, Math.round((to - from) / (2 * BEATS_PER_BAR))));
  let sungVocals: VocalPart | null = null;
  if (lines.length > 0 && !request.instrumental) {
    const bars = Math.max(1, Math.round((to - from) / BEATS_PER_BAR));
    const perLine = Math.max(1, Math.min(4, Math.floor(bars / lines.length)));
    const kind = source.sections.find((s) => from >= s.start && from < s.end)?.kind ?? "verse";
    const section: LaidSection = {
      kind,
      start: from,
      end: to,
      energy: 0.6,
      lines: lines.slice(0, Math.max(1, Math.floor(bars / perLine))),
      barsPerLine: perLine,
    };
    const gender = source.vocals?.gender ?? style.vocalGender;
    const sung = singSections(
      [section],
      harmony?.heard ?? chords,
      scale,
      gender,
      BEATS_PER_BAR,
      syllableUnit(source.bpm),
      style.variation,
      random.fork("infill-vocals"),
    );
    sungVocals = {
      gender,
      voice: source.vocals?.voice ?? "en-us",
      words: sung.words,
      notes: sung.notes,
      gain: source.vocals?.gain ?? 0.9,
    };
  }
  const keep = (t: number) => !inRange(t);
  return {
    ...source,
    seed: request.seed,
    drums: { ...source.drums, hits: joinNotes(source.drums.hits, alternative.drums.hits, keep) },
    parts: joinParts(source.parts, alternative.parts, keep),
    vocals: joinVocals(source.vocals, sungVocals, keep),
    chords,
  };
}

function chunkWords(words: readonly string[], chunks: number): string[] {
  if (words.length === 0) return [];
  const size = Math.ceil(words.length / chunks);
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(" "));
  return out.filter((line) => sungWords(line).length > 0);
}

interface Span {
  readonly from: number;
  readonly to: number;
}

/** The context window in beats, widened to whole bars (the whole song when the request has none). */
function contextWindow(request: SongRequest, source: Score, toBeats: (seconds: number) => number): Span {
  const context = request.infill?.context;
  const length = Math.max(source.lengthBeats, source.sections.at(-1)?.end ?? 0);
  if (!context) return { from: 0, to: length };
  const from = Math.floor(toBeats(Math.max(0, context.start)) / BEATS_PER_BAR + 1e-9) * BEATS_PER_BAR;
  const to =
    context.end === null ? length : Math.ceil(toBeats(context.end) / BEATS_PER_BAR - 1e-9) * BEATS_PER_BAR;
  return { from, to: Math.min(length, to) };
}

const CYCLE = 4;

/**
 * The range's chords from the context: the window's chords outside the range, heard as the song's
 * progressions. `heard` is what the band is arranged over (the window's chords with the range's new
 * ones), `song` the whole song's harmony with the range's chords replaced.
 */
function rangeHarmony(
  source: Score,
  chords: readonly ChordSpan[],
  range: Span,
  window: Span,
  scale: ScaleSteps,
  random: Random,
): { heard: ChordSpan[]; song: ChordSpan[] } {
  const masked = (c: ChordSpan) => c.start >= range.from - 1e-9 && c.start < range.to - 1e-9;
  const context = chords.filter(
    (c) => c.start >= window.from - 1e-9 && c.start < window.to - 1e-9 && !masked(c),
  );
  const lengths = context.map((c) => c.end - c.start).sort((a, b) => a - b);
  const slotBeats = lengths[lengths.length >> 1] ?? genrePreset(source.genre).chordBeats;
  const slots = Math.max(1, Math.round((range.to - range.from) / slotBeats));
  const slot = (range.to - range.from) / slots;
  const sectionAt = (t: number) => source.sections.find((s) => t >= s.start - 1e-9 && t < s.end - 1e-9);
  const own = sectionAt(range.from);
  const group = harmonyGroup(own?.kind ?? "verse");
  const history = context.filter((c) => c.start < range.from);
  const future = context.filter((c) => c.start >= range.to - 1e-9);
  // A section of the same kind in the window: its progression, in step with the range's place in its section.
  const siblings = source.sections
    .filter((s) => s !== own && harmonyGroup(s.kind) === group)
    .map((s) => context.filter((c) => c.start >= s.start - 1e-9 && c.start < s.end - 1e-9))
    .filter((sibling) => sibling.length > 0);
  const sibling =
    siblings.filter((c) => c[0].start < range.from).at(-1) ?? siblings.find((c) => c[0].start >= range.to);
  let pick: (i: number) => Pick<ChordSpan, "degree" | "steps"> | null;
  if (sibling) {
    const phase = Math.round((range.from - (own?.start ?? range.from)) / slot);
    pick = (i) => sibling[(phase + i) % sibling.length];
  } else if (history.length > 0) {
    const cycle = history.slice(-CYCLE);
    pick = (i) => cycle[i % cycle.length];
  } else if (future.length > 0) {
    const cycle = future.slice(0, CYCLE);
    pick = (i) => cycle[(((i - slots) % cycle.length) + cycle.length) % cycle.length];
  } else {
    const preset = genrePreset(source.genre);
    const fresh = composeHarmony(
      [{ kind: own?.kind ?? "verse", start: beats(range.from), end: beats(range.to) }],
      { ...preset, chordBeats: slot },
      scale,
      0.5,
      random,
    );
    pick = (i) => fresh[i] ?? fresh[fresh.length - 1] ?? null;
  }
  const songEnd = chords.at(-1)?.end ?? range.to;
  const inRange: ChordSpan[] = [];
  for (let i = 0; i < slots; i++) {
    const start = range.from + i * slot;
    let chosen = pick(i) ?? { degree: 0, steps: [0, 2, 4] };
    // The song still comes home: a range holding its last chord ends on the tonic.
    if (i === slots - 1 && start + slot >= songEnd - 1e-9) chosen = { degree: 0, steps: [0, 2, 4] };
    inRange.push({
      start: beats(start),
      end: beats(start + slot),
      degree: chosen.degree,
      steps: chosen.steps,
      symbol: chordSymbol(scale, chosen.degree, chosen.steps),
    });
  }
  const byStart = (a: ChordSpan, b: ChordSpan) => a.start - b.start;
  return {
    heard: [...context, ...inRange].sort(byStart),
    song: [...chords.filter((c) => !masked(c)), ...inRange].sort(byStart),
  };
}
