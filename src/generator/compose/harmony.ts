// The chord progression: per kind of section a progression of the genre (major or minor family of
// the mode), chords stacked from the mode's own notes (so they stay in the key), with weirdness
// bringing diatonic substitutions, sevenths and suspensions. A pre-chorus ends on the dominant,
// the song on the tonic.

import { Chord } from "tonal";
import type { Beats } from "../../shared/time.ts";
import type { ChordSpan } from "../score.ts";
import type { GenrePreset } from "./genres.ts";
import { isMinorMode, type ScaleSteps } from "./key.ts";
import type { Random } from "./random.ts";

export interface SectionSpan {
  readonly kind: string;
  readonly start: Beats;
  readonly end: Beats;
}

const TRIAD = [0, 2, 4];

/** Semitones of a chord's fifth: 6 means diminished, which the composer avoids as a root. */
function fifthSemitones(scale: ScaleSteps, degree: number): number {
  return (scale.semitones[(degree + 4) % 7] - scale.semitones[degree] + 12) % 12;
}

export function chordSymbol(scale: ScaleSteps, degree: number, steps: readonly number[]): string {
  const names = steps.map((s) => noteName(scale, degree + s));
  // tonal names a plain major triad "CM" (and "CMadd9"): lead sheets write "C".
  const detected = Chord.detect(names)[0] ?? names[0];
  return detected.replace(/^([A-G][#b]?)M(add9)?$/, "$1$2");
}

function noteName(scale: ScaleSteps, step: number): string {
  const midi = scale.midi(step, 4);
  const names = ["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"];
  const sharps = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"];
  const flatKey =
    /b/.test(scale.key.tonic) || (["F", "C"].includes(scale.key.tonic) && isMinorMode(scale.key.mode));
  return (flatKey ? names : sharps)[midi % 12];
}

function progressionFor(preset: GenrePreset, scale: ScaleSteps, kind: string, random: Random): number[] {
  const family = isMinorMode(scale.key.mode) ? preset.progressions.minor : preset.progressions.major;
  const choices = family.length > 0 ? family : preset.progressions.major;
  // Verse and chorus get different progressions when the genre has several.
  const index = kind === "chorus" || kind === "hook" || kind === "drop" ? 0 : kind === "verse" ? 1 : 2;
  const pick = choices.length > 1 ? (index + random.int(0, 1)) % choices.length : 0;
  return [...choices[pick]];
}

/** Sections without their own progression play the chorus's: the intro and the breaks preview the hook. */
const CHORUS_CHANGES = new Set(["chorus", "hook", "post-chorus", "drop", "intro", "instrumental", "outro"]);

export function harmonyGroup(kind: string): string {
  return CHORUS_CHANGES.has(kind) ? "chorus" : kind;
}

export function composeHarmony(
  sections: readonly SectionSpan[],
  preset: GenrePreset,
  scale: ScaleSteps,
  variation: number,
  random: Random,
): ChordSpan[] {
  const byKind = new Map<string, number[]>();
  const chords: ChordSpan[] = [];
  for (const section of sections) {
    const group = harmonyGroup(section.kind);
    let progression = byKind.get(group);
    if (!progression) {
      progression = progressionFor(preset, scale, group, random.fork(`progression:${group}`));
      byKind.set(group, progression);
    }
    const colour = random.fork(`colour:${group}`);
    const length = section.end - section.start;
    const slots = Math.max(1, Math.round(length / preset.chordBeats));
    const slotBeats = length / slots;
    const kinds = progression.map((degree) => colourChord(degree, preset, scale, variation, colour));
    for (let i = 0; i < slots; i++) {
      let { degree, steps } = kinds[i % kinds.length];
      if (i === slots - 1 && section.kind === "pre-chorus") {
        degree = fifthSemitones(scale, 4) === 7 ? 4 : 6;
        steps = TRIAD;
      }
      // The song comes home: its last chord is the tonic.
      if (i === slots - 1 && section === sections[sections.length - 1]) {
        degree = 0;
        steps = TRIAD;
      }
      const start = (section.start + i * slotBeats) as Beats;
      chords.push({
        start,
        end: (start + slotBeats) as Beats,
        degree,
        steps,
        symbol: chordSymbol(scale, degree, steps),
      });
    }
  }
  return chords;
}

function colourChord(
  degree: number,
  preset: GenrePreset,
  scale: ScaleSteps,
  variation: number,
  random: Random,
): { degree: number; steps: readonly number[] } {
  let root = degree;
  if (random.chance(0.35 * variation)) {
    const substitute = random.chance(0.5) ? (degree + 5) % 7 : (degree + 2) % 7;
    if (fifthSemitones(scale, substitute) === 7) root = substitute;
  }
  if (fifthSemitones(scale, root) !== 7) {
    root =
      [degree, (degree + 2) % 7, (degree + 5) % 7, (degree + 1) % 7].find(
        (d) => fifthSemitones(scale, d) === 7,
      ) ?? degree;
  }
  const seventh = random.chance(Math.min(1, preset.sevenths + 0.3 * variation));
  if (random.chance(0.2 * variation))
    return { degree: root, steps: random.chance(0.5) ? [0, 3, 4] : [0, 1, 4] };
  if (seventh)
    return { degree: root, steps: random.chance(0.25 * variation) ? [0, 2, 4, 6, 8] : [0, 2, 4, 6] };
  return { degree: root, steps: random.chance(0.15 * variation) ? [0, 2, 4, 8] : TRIAD };
}

/** The chord sounding at `time` (the last one before it at the end). */
export function chordAt(chords: readonly ChordSpan[], time: number): ChordSpan {
  let lo = 0;
  let hi = chords.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (chords[mid].start <= time + 1e-9) lo = mid;
    else hi = mid - 1;
  }
  return chords[lo];
}

/** Is scale step `step` a tone of `chord`? */
export function isChordTone(chord: ChordSpan, step: number): boolean {
  const relative = (((step - chord.degree) % 7) + 7) % 7;
  return chord.steps.some((s) => s % 7 === relative);
}
