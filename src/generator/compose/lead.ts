// The lead part. Without a singer it carries the tune: phrases like a sung line's, an octave or
// so above, repeated where the section repeats. With a singer it plays the chorus's tune as the
// hook in the intro and the breaks, and short answers in the singer's breaths in lifted sections.

import type { ChordSpan, Note, VocalNote } from "../score.ts";
import { chordAt, harmonyGroup, isChordTone } from "./harmony.ts";
import type { ScaleSteps } from "./key.ts";
import { composePhrase, stepRange } from "./melody.ts";
import { note } from "./note.ts";
import type { Random } from "./random.ts";
import type { LaidSection } from "./vocal-line.ts";

const LEAD_RANGE: readonly [number, number] = [62, 86];
/** Below this energy the lead rests in these sections (an intro already hints at the hook softly). */
const QUIET_BELOW: Readonly<Record<string, number>> = { intro: 0.4, outro: 0.5, breakdown: 0.5 };

export interface LeadOptions {
  readonly sections: readonly LaidSection[];
  readonly chords: readonly ChordSpan[];
  readonly scale: ScaleSteps;
  readonly beatsPerBar: number;
  readonly unit: number;
  readonly variation: number;
  readonly vocals: readonly VocalNote[] | null;
  /** Older generator versions leave out the answers. */
  readonly answers: boolean;
}

function tune(
  section: LaidSection,
  options: LeadOptions,
  range: [number, number],
  random: Random,
  level: number,
): Note[] {
  const notes: Note[] = [];
  const phraseBeats = 2 * options.beatsPerBar;
  const centre =
    Math.round((range[0] + range[1]) / 2) + (section.kind === "chorus" || section.kind === "drop" ? 2 : -1);
  for (let start = section.start, i = 0; start < section.end - 1e-9; start += phraseBeats, i++) {
    const motif = random.fork(`lead:${section.kind}:${i % 4}`);
    const count = motif.int(4, 8);
    const syllables = Array.from({ length: count }, (_, k) => ({
      wordEnd: motif.chance(0.6),
      stressed: k % 2 === 0,
    }));
    const phrase = composePhrase(
      {
        start,
        beats: Math.min(phraseBeats, section.end - start),
        syllables,
        unit: options.unit,
        centre,
        range,
        ending: start + phraseBeats >= section.end - 1e-9 ? "tonic" : "stable",
        chords: options.chords,
        variation: options.variation,
        midi: (step) => options.scale.midi(step, 0),
      },
      motif,
    );
    for (const n of phrase)
      notes.push(note(n.start, n.duration * 0.95, options.scale.midi(n.step, 0), level));
  }
  return notes;
}

/** Up to three chord tones stepping down in a breath of the singer. */
function answers(
  section: LaidSection,
  options: LeadOptions,
  range: [number, number],
  vocals: readonly VocalNote[],
): Note[] {
  const notes: Note[] = [];
  const inside = vocals.filter((v) => v.start >= section.start && v.start < section.end);
  for (let i = 0; i < inside.length; i++) {
    const end = inside[i].start + inside[i].duration;
    const next = i + 1 < inside.length ? inside[i + 1].start : section.end;
    const gap = next - end;
    if (gap < 1.5) continue;
    const from = Math.ceil((end + 0.25) * 2) / 2;
    let step = range[1] - 3;
    for (let k = 0; k < 3 && from + 0.5 * (k + 1) <= next - 0.25; k++) {
      const t = from + 0.5 * k;
      const chord = chordAt(options.chords, t);
      while (!isChordTone(chord, step) && step > range[0]) step--;
      notes.push(note(t, 0.45, options.scale.midi(step, 0), 0.55 - 0.05 * k));
      step--;
    }
  }
  return notes;
}

/**
 * The first sung chorus, from its start, moved by octaves into the lead's register: played over
 * the chorus's changes in an intro or a break, it is the song's hook.
 */
function hookOf(options: LeadOptions): { notes: Note[]; beats: number } | null {
  const chorus = options.sections.find(
    (s) =>
      harmonyGroup(s.kind) === "chorus" && options.vocals?.some((v) => v.start >= s.start && v.start < s.end),
  );
  if (!chorus || !options.vocals) return null;
  const sung = options.vocals.filter((v) => v.start >= chorus.start && v.start < chorus.end);
  const mean = sung.reduce((n, v) => n + v.pitch, 0) / sung.length;
  const shift = 12 * Math.round(((LEAD_RANGE[0] + LEAD_RANGE[1]) / 2 - mean) / 12);
  return {
    notes: sung.map((v) => note(v.start - chorus.start, v.duration * 0.95, v.pitch + shift, 0)),
    beats: chorus.end - chorus.start,
  };
}

function playHook(hook: { notes: Note[]; beats: number }, section: LaidSection, level: number): Note[] {
  const notes: Note[] = [];
  for (let from = section.start; from < section.end - 1e-9; from += hook.beats) {
    for (const n of hook.notes) {
      const start = from + n.start;
      if (start < section.end - 1e-9)
        notes.push(note(start, Math.min(n.duration, section.end - start), n.pitch, level));
    }
  }
  return notes;
}

export function leadPart(options: LeadOptions, random: Random): Note[] {
  const range = stepRange((s) => options.scale.midi(s, 0), LEAD_RANGE[0], LEAD_RANGE[1]);
  const hook = hookOf(options);
  const notes: Note[] = [];
  for (const section of options.sections) {
    const level = 0.45 + 0.35 * section.energy;
    const sung = options.vocals?.some((v) => v.start >= section.start && v.start < section.end) ?? false;
    if (section.energy < (QUIET_BELOW[section.kind] ?? 0)) continue;
    if (!sung && hook && harmonyGroup(section.kind) === "chorus")
      notes.push(...playHook(hook, section, level));
    else if (!sung) notes.push(...tune(section, options, range, random, level));
    else if (options.answers && section.energy >= 0.6 && options.vocals)
      notes.push(...answers(section, options, range, options.vocals));
  }
  return notes;
}
