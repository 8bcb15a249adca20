// The bass and the chords (keys) parts: the genre's one-bar rhythms played over the harmony,
// thinner in quiet sections, broken into arpeggios in lifted ones where the genre does that.

import type { ChordSpan, Note, PatchName, SongSection } from "../score.ts";
import type { GenrePreset } from "./genres.ts";
import type { ScaleSteps } from "./key.ts";
import { note } from "./note.ts";
import { parseRhythm } from "./rhythm.ts";
import { voiceChords } from "./voicing.ts";

export interface PartContext {
  readonly sections: readonly SongSection[];
  readonly chords: readonly ChordSpan[];
  readonly scale: ScaleSteps;
  readonly preset: GenrePreset;
  readonly beatsPerBar: number;
}

/** In the song's last bar, where the band holds the final chord. */
function isFinal(context: Pick<PartContext, "sections" | "beatsPerBar">, time: number): boolean {
  const last = context.sections[context.sections.length - 1];
  return last !== undefined && time >= last.end - context.beatsPerBar - 1e-9;
}

/** The start of the bar holding `time`, bars counted from the section's start. */
function barOf(section: SongSection, time: number, beatsPerBar: number): number {
  return section.start + Math.floor((time - section.start + 1e-9) / beatsPerBar) * beatsPerBar;
}

/** Chords that overlap a section, clipped to it. */
function chordsIn(
  chords: readonly ChordSpan[],
  section: SongSection,
): { chord: ChordSpan; index: number; start: number; end: number }[] {
  return chords.flatMap((chord, index) => {
    const start = Math.max(chord.start, section.start);
    const end = Math.min(chord.end, section.end);
    return end > start + 1e-9 ? [{ chord, index, start, end }] : [];
  });
}

export function chordsPart(context: PartContext): Note[] {
  const { preset, beatsPerBar } = context;
  const voicings = voiceChords(context.chords, context.scale);
  const events = parseRhythm(preset.chords);
  const notes: Note[] = [];
  for (const section of context.sections) {
    const energy = section.energy;
    const level = 0.4 + 0.4 * energy;
    for (const { index, start, end } of chordsIn(context.chords, section)) {
      const voicing = voicings[index];
      if (energy < 0.45 || isFinal(context, start)) {
        for (const pitch of voicing) notes.push(note(start, end - start, pitch, level));
      } else if (preset.arpeggio && energy >= 0.5) {
        const order = [...voicing, ...voicing.slice(1, -1).reverse()];
        let i = 0;
        for (let t = start; t < end - 1e-9; t += 0.5)
          notes.push(note(t, Math.min(0.5, end - t), order[i++ % order.length], level - (i % 2) * 0.08));
      } else {
        for (let bar = barOf(section, start, beatsPerBar); bar < end; bar += beatsPerBar) {
          for (const event of events) {
            const t = bar + event.at;
            if (t < start - 1e-9 || t >= end - 1e-9) continue;
            const accent = event.at === 0 ? 0.06 : 0;
            for (const pitch of voicing)
              notes.push(note(t, Math.min(event.length * 0.95, end - t), pitch, level + accent));
          }
        }
      }
    }
  }
  return notes;
}

/** Sections at least this full get the pad layer under them. */
const LAYER_ENERGY = 0.7;

/** The pad layer: each chord's voicing held softly under the lifted sections. */
export function layerPart(context: PartContext): Note[] {
  const voicings = voiceChords(context.chords, context.scale);
  const notes: Note[] = [];
  for (const section of context.sections) {
    if (section.energy < LAYER_ENERGY) continue;
    for (const { index, start, end } of chordsIn(context.chords, section)) {
      for (const pitch of voicings[index])
        notes.push(note(start, end - start, pitch, 0.25 + 0.2 * section.energy));
    }
  }
  return notes;
}

/** The bass register's lowest note: the sub goes a little lower than the others. */
function bassFloor(patch: PatchName): number {
  return patch === "bass-sub" ? 31 : 36;
}

/** Scale step (counted from the tonic of octave 0) of the chord root inside the bass register. */
function rootStep(scale: ScaleSteps, degree: number, floor: number): number {
  for (let octave = 0; octave < 5; octave++) {
    const midi = scale.midi(degree + 7 * octave, 0);
    if (midi >= floor) return degree + 7 * octave;
  }
  return degree + 14;
}

export function bassPart(context: PartContext, patch: PatchName): Note[] {
  const { preset, scale, beatsPerBar } = context;
  const floor = bassFloor(patch);
  const events = parseRhythm(preset.bass);
  const notes: Note[] = [];
  for (const section of context.sections) {
    const energy = section.energy;
    const level = 0.55 + 0.4 * energy;
    for (const { chord, index, start, end } of chordsIn(context.chords, section)) {
      const root = rootStep(scale, chord.degree, floor);
      const next = context.chords[index + 1] ?? chord;
      const nextRoot = rootStep(scale, next.degree, floor);
      if (energy < 0.45 || isFinal(context, start)) {
        notes.push(note(start, end - start, scale.midi(root, 0), level));
        continue;
      }
      for (let bar = barOf(section, start, beatsPerBar); bar < end; bar += beatsPerBar) {
        for (const event of events) {
          const t = bar + event.at;
          if (t < start - 1e-9 || t >= end - 1e-9) continue;
          // The section's last off-beat leads into the next section's first chord.
          const lead = t >= section.end - 0.5 - 1e-9 && t > start + 1e-9 && nextRoot !== root;
          const step = bassStep(lead ? "a" : event.symbol, root, nextRoot, chord);
          notes.push(
            note(
              t,
              Math.min(event.length * 0.92, end - t),
              scale.midi(step, 0),
              level + (event.at === 0 ? 0.05 : 0),
            ),
          );
        }
      }
    }
  }
  return notes;
}

function bassStep(symbol: string, root: number, nextRoot: number, chord: ChordSpan): number {
  switch (symbol) {
    case "f":
      return root + 4;
    case "o":
      return root + 7;
    case "t":
      return root + (chord.steps.includes(3) && !chord.steps.includes(2) ? 3 : 2);
    case "a":
      return nextRoot === root ? root + 4 : nextRoot > root ? nextRoot - 1 : nextRoot + 1;
    default:
      return root;
  }
}
