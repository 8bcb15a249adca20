// Cover (the same melody, lyrics and form in a new style), underpainting (a new band under the
// same singer, at the same tempo and key) and overpainting (a new singer over the same band).

import type { ChordSpan, Score, VocalPart } from "../score.ts";
import type { SongRequest } from "../song-request.ts";
import { arrange, BEATS_PER_BAR, layOutSource } from "./arrangement.ts";
import { styleOf } from "./fresh-song.ts";
import { chordSymbol } from "./harmony.ts";
import { ScaleSteps } from "./key.ts";
import type { Random } from "./random.ts";
import { lyricSections, syllableUnit } from "./structure.ts";
import { detectKey } from "./style-text.ts";
import { type LaidSection, singSections, VOCAL_RANGE } from "./vocal-line.ts";

/** A source's chords in another key: the same degrees, spelled in the new scale. */
function chordsIn(chords: readonly ChordSpan[] | undefined, scale: ScaleSteps): ChordSpan[] | undefined {
  return chords?.map((c) => ({ ...c, symbol: chordSymbol(scale, c.degree, c.steps) }));
}

/** The same tune by scale degree in a new key, moved by octaves into the singer's range. */
function moveVocals(vocals: VocalPart, from: ScaleSteps, to: ScaleSteps, gender: "m" | "f"): VocalPart {
  const pitches = vocals.notes.map((n) => to.midi(from.stepOf(n.pitch, 0), 0));
  const [low, high] = VOCAL_RANGE[gender];
  const mean = pitches.reduce((a, b) => a + b, 0) / Math.max(1, pitches.length);
  const shift = 12 * Math.round(((low + high) / 2 - mean) / 12);
  return { ...vocals, gender, notes: vocals.notes.map((n, i) => ({ ...n, pitch: pitches[i] + shift })) };
}

/** Audio weight above this keeps a cover at its source's tempo. */
const FOLLOW_SOURCE = 0.75;

export function coverScore(request: SongRequest, source: Score, random: Random, underpaint: boolean): Score {
  const keepTempo = underpaint || request.audioWeight >= FOLLOW_SOURCE;
  const tags = request.tags || request.source?.tags || source.genre;
  const key = underpaint ? source.key : (detectKey(tags) ?? source.key);
  const style = styleOf(request, random, {
    tags,
    key,
    ...(keepTempo ? { bpm: source.bpm } : {}),
    ...(source.vocals ? { gender: source.vocals.gender } : {}),
  });
  const scale = new ScaleSteps(style.key);
  const vocals =
    source.vocals && !request.instrumental
      ? moveVocals(source.vocals, new ScaleSteps(source.key), scale, style.vocalGender)
      : null;
  const chords = chordsIn(source.chords, scale);
  return arrange({
    seed: request.seed,
    version: request.version,
    style,
    sections: layOutSource(source.sections, style, false),
    ...(chords ? { chords } : {}),
    vocals,
    voice: source.vocals?.voice ?? "en-us",
    random: random.fork("cover"),
  });
}

/** Lyric lines laid over sections: each lyric section on the next section that is sung. */
function linesOver(sections: readonly LaidSection[], lyrics: string): LaidSection[] {
  const lyric = lyricSections(lyrics).filter((s) => s.lines.length > 0);
  let next = 0;
  return sections.map((section) => {
    const bars = Math.round((section.end - section.start) / BEATS_PER_BAR);
    if (
      next >= lyric.length ||
      ["intro", "outro", "instrumental", "breakdown", "build"].includes(section.kind) ||
      bars < 1
    )
      return section;
    const lines = lyric[next++].lines;
    const perLine = Math.max(1, Math.min(4, Math.floor(bars / lines.length)));
    return {
      ...section,
      lines: lines.slice(0, Math.max(1, Math.floor(bars / perLine))),
      barsPerLine: perLine,
    };
  });
}

export function overpaintScore(request: SongRequest, source: Score, random: Random): Score {
  const style = styleOf(request, random, {
    tags: request.tags || request.source?.tags || source.genre,
    bpm: source.bpm,
    key: source.key,
    from: source,
  });
  const scale = new ScaleSteps(source.key);
  const sections = linesOver(layOutSource(source.sections, style, true), request.lyrics);
  const chords =
    source.chords ??
    arrange({
      seed: request.seed,
      version: request.version,
      style,
      sections,
      vocals: null,
      voice: "en-us",
      random,
    }).chords ??
    [];
  const sung = singSections(
    sections,
    chords,
    scale,
    style.vocalGender,
    BEATS_PER_BAR,
    syllableUnit(source.bpm),
    style.variation,
    random.fork("overpaint"),
  );
  const vocals: VocalPart | null =
    sung.notes.length > 0
      ? {
          gender: style.vocalGender,
          voice: source.vocals?.voice ?? "en-us",
          words: sung.words,
          notes: sung.notes,
          gain: 0.9,
        }
      : null;
  return { ...source, seed: request.seed, vocals, chords };
}
