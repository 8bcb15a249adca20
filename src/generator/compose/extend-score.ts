// Extend: the source kept up to continue_at, then continued in its tempo, key and instruments;
// the new part starts on the bar line at or before the join, so the splice falls inside a bar.

import type { Beats } from "../../shared/time.ts";
import type { Score, SongSection } from "../score.ts";
import type { ReferenceClip, SongRequest } from "../song-request.ts";
import { BEATS_PER_BAR } from "./arrangement.ts";
import { checkedKey, composeFresh, styleOf } from "./fresh-song.ts";
import type { Random } from "./random.ts";
import { joinNotes, joinParts, joinVocals } from "./source-joins.ts";

/** The start of the bar holding `beat`, bars counted from each section's start. */
function barStartOf(sections: readonly SongSection[], beat: number): number {
  const section = sections.find((s) => beat >= s.start && beat < s.end);
  if (!section) return sections.length > 0 ? Math.min(beat, sections[sections.length - 1].end) : beat;
  return section.start + Math.floor((beat - section.start + 1e-9) / BEATS_PER_BAR) * BEATS_PER_BAR;
}

export function extendScore(request: SongRequest, source: ReferenceClip, random: Random): Score {
  const old = source.score;
  const analysis = request.analysis;
  const bpm = old?.bpm ?? (analysis ? Math.round(analysis.bpm * 100) / 100 : undefined);
  const key = old?.key ?? checkedKey(analysis?.key);
  const style = styleOf(request, random, {
    tags: request.tags || source.tags,
    ...(old ? { fallbackGenre: old.genre, from: old } : {}),
    ...(bpm ? { bpm } : {}),
    ...(key ? { key } : {}),
    ...(old?.vocals ? { gender: old.vocals.gender } : {}),
  });
  const sourceSeconds =
    source.audio.channels.length > 0 ? source.audio.channels[0].length / source.audio.sampleRate : 0;
  const joinSeconds = request.continueAt ?? (old ? (old.lengthBeats * 60) / old.bpm : sourceSeconds);
  const join = (joinSeconds * style.bpm) / 60;
  let barStart: number;
  if (old) barStart = barStartOf(old.sections, join);
  else {
    const downbeats = (analysis?.downbeats ?? []).filter(([t, n]) => n === 1 && t <= joinSeconds + 1e-6);
    barStart = downbeats.length > 0 ? (downbeats[downbeats.length - 1][0] * style.bpm) / 60 : join;
  }
  const lyrics = request.lyrics;
  const fresh = composeFresh(request, random.fork("extend"), {
    style,
    lyrics,
    instrumental: request.instrumental || lyrics.trim() === "",
    seconds: request.durationSeconds,
    maxSeconds: 480,
    startBeat: barStart,
    intro: false,
    ...(old?.vocals ? { voice: old.vocals.voice } : {}),
  });
  const before = (time: number) => time < join - 1e-9;
  const oldSections: SongSection[] = old
    ? old.sections
        .filter((s) => s.start < barStart - 1e-9)
        .map((s) => ({ ...s, end: Math.min(s.end, barStart) as Beats }))
    : barStart > 1e-9
      ? [{ kind: "source", start: 0 as Beats, end: barStart as Beats, energy: 0.5 }]
      : [];
  const oldChords = (old?.chords ?? [])
    .filter((c) => c.start < barStart - 1e-9)
    .map((c) => ({ ...c, end: Math.min(c.end, barStart) as Beats }));
  return {
    ...fresh,
    sections: [...oldSections, ...fresh.sections],
    drums: {
      ...(old?.drums ?? fresh.drums),
      hits: joinNotes(old?.drums.hits ?? [], fresh.drums.hits, before),
    },
    parts: old ? joinParts(old.parts, fresh.parts, before) : fresh.parts,
    vocals: joinVocals(old?.vocals ?? null, fresh.vocals, before),
    mix: old?.mix ?? fresh.mix,
    chords: [...oldChords, ...(fresh.chords ?? [])],
  };
}
