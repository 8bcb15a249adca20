// Infill (replace section): the bars inside the range rewritten (new words when the request has
// them, else the same words sung anew), everything outside kept note for note.

import type { Score, VocalPart } from "../score.ts";
import type { SongRequest } from "../song-request.ts";
import { arrange, BEATS_PER_BAR, layOutSource } from "./arrangement.ts";
import { styleOf } from "./fresh-song.ts";
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
  const laid = layOutSource(source.sections, style, true);
  const alternative = arrange({
    seed: request.seed,
    version: request.version,
    style,
    sections: laid,
    ...(source.chords ? { chords: source.chords } : {}),
    vocals: null,
    voice: source.vocals?.voice ?? "en-us",
    random: random.fork("infill"),
  });
  const chords = source.chords ?? alternative.chords ?? [];
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
    const scale = new ScaleSteps(source.key);
    const gender = source.vocals?.gender ?? style.vocalGender;
    const sung = singSections(
      [section],
      chords,
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
