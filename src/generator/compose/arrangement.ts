// Sections, harmony, the sung line and the band put together into a Score for one style.

import type { Beats } from "../../shared/time.ts";
import type {
  ChordSpan,
  DrumHit,
  InstrumentPart,
  Note,
  PatchName,
  Score,
  SongSection,
  VocalNote,
  VocalPart,
} from "../score.ts";
import { bassPart, chordsPart, layerPart, type PartContext } from "./accompaniment.ts";
import { drumPart } from "./drums.ts";
import { composeHarmony } from "./harmony.ts";
import { ScaleSteps } from "./key.ts";
import { leadPart } from "./lead.ts";
import type { Random } from "./random.ts";
import { type Groove, swingTime } from "./rhythm.ts";
import { intoRange, type SampledSound } from "./sampled-sounds.ts";
import { baseEnergy, type PlannedSection, syllableUnit } from "./structure.ts";
import type { Style } from "./style.ts";
import { type LaidSection, singSections } from "./vocal-line.ts";

export const BEATS_PER_BAR = 4;

const PART_NAMES: Readonly<Record<PatchName, string>> = {
  "piano-fm": "Piano",
  "epiano-fm": "Electric Piano",
  organ: "Organ",
  "pad-saw": "Synth Pad",
  "strings-saw": "Strings",
  "pluck-ks": "Pluck",
  "guitar-ks": "Guitar",
  "bell-fm": "Bells",
  "lead-square": "Square Lead",
  "lead-saw": "Saw Lead",
  "bass-sub": "Sub Bass",
  "bass-saw": "Synth Bass",
  "bass-fm": "FM Bass",
  "bass-ks": "Bass Guitar",
};

/** Places planned sections one after another from `startBeat`, in the style's energy range. */
export function layOut(planned: readonly PlannedSection[], startBeat: number, style: Style): LaidSection[] {
  const [low, high] = style.preset.energy;
  let at = startBeat;
  return planned.map((section) => {
    const start = at;
    at += section.bars * BEATS_PER_BAR;
    return {
      kind: section.kind,
      start,
      end: at,
      energy: sectionEnergy(section.energy, low, high, style),
      lines: section.lines,
      barsPerLine: section.barsPerLine,
    };
  });
}

/** A source's sections laid out again in a style: their own energy kept, or the style's for their kind. */
export function layOutSource(
  sections: readonly SongSection[],
  style: Style,
  keepEnergy: boolean,
): LaidSection[] {
  const [low, high] = style.preset.energy;
  return sections.map((s) => ({
    kind: s.kind,
    start: s.start,
    end: s.end,
    energy: keepEnergy ? s.energy : sectionEnergy(baseEnergy(s.kind), low, high, style),
    lines: [],
    barsPerLine: 2,
  }));
}

export function sectionEnergy(base: number, low: number, high: number, style: Style): number {
  return (
    Math.round(Math.min(1, Math.max(0.05, low + (high - low) * base + (style.mood?.lift ?? 0))) * 1000) / 1000
  );
}

export interface ArrangeInput {
  readonly seed: number;
  readonly version: number;
  readonly style: Style;
  readonly sections: readonly LaidSection[];
  /** Harmony to keep (cover, infill); composed when absent. */
  readonly chords?: readonly ChordSpan[];
  /** A sung line to keep as is (cover); absent -> the sections' lines are sung; null -> none. */
  readonly vocals?: VocalPart | null;
  readonly voice: string;
  readonly random: Random;
}

/** Sections that build towards the next: their notes and hits grow louder from start to end. */
const BUILDS = new Set(["pre-chorus", "build"]);

function crescendo<T extends { readonly start: number; readonly velocity: number }>(
  events: readonly T[],
  sections: readonly LaidSection[],
): T[] {
  return events.map((event) => {
    const section = sections.find((s) => BUILDS.has(s.kind) && event.start >= s.start && event.start < s.end);
    if (!section) return event;
    const gain = 0.85 + (0.3 * (event.start - section.start)) / (section.end - section.start);
    return { ...event, velocity: Math.round(Math.min(1, event.velocity * gain) * 1000) / 1000 };
  });
}

function swingNotes<T extends Note | VocalNote>(notes: readonly T[], groove: Groove): T[] {
  if (groove.amount <= 0) return [...notes];
  return notes.map((n) => {
    const start = swingTime(n.start, groove);
    return start === n.start
      ? n
      : { ...n, start, duration: Math.max(0.05, n.duration - (start - n.start)) as Beats };
  });
}

export function arrange(input: ArrangeInput): Score {
  const { style, sections, random } = input;
  const scale = new ScaleSteps(style.key);
  const variation = style.variation * (input.version >= 4 ? 1 : 0.5);
  const spans = sections.map((s) => ({ kind: s.kind, start: s.start as Beats, end: s.end as Beats }));
  const chords = input.chords
    ? [...input.chords]
    : composeHarmony(spans, style.preset, scale, variation, random.fork("harmony"));
  const unit = syllableUnit(style.bpm);
  const swing =
    style.preset.swing * (1 - 0.5 * variation) + 0.2 * variation * (style.preset.swing > 0 ? 1 : 0);
  const groove: Groove = { amount: swing, unit: style.preset.swingUnit, origin: sections[0]?.start ?? 0 };

  let vocals: VocalPart | null = null;
  if (input.vocals !== undefined) vocals = input.vocals;
  else if (sections.some((s) => s.lines.length > 0)) {
    const sung = singSections(
      sections,
      chords,
      scale,
      style.vocalGender,
      BEATS_PER_BAR,
      unit,
      variation,
      random.fork("vocals"),
    );
    if (sung.notes.length > 0) {
      vocals = {
        gender: style.vocalGender,
        voice: input.voice,
        words: sung.words,
        notes: swingNotes(sung.notes, groove),
        gain: 0.9,
      };
    }
  }

  const songSections: SongSection[] = sections.map((s) => ({
    kind: s.kind,
    start: s.start as Beats,
    end: s.end as Beats,
    energy: s.energy,
  }));
  const context: PartContext = {
    sections: songSections,
    chords,
    scale,
    preset: style.preset,
    beatsPerBar: BEATS_PER_BAR,
  };
  const bass = style.bass ? bassPart(context, style.patches.bass) : [];
  const keys = chordsPart(context);
  const lead = leadPart(
    {
      sections,
      chords,
      scale,
      beatsPerBar: BEATS_PER_BAR,
      unit,
      variation,
      vocals: vocals?.notes ?? null,
      answers: input.version >= 4,
    },
    random.fork("lead"),
  );
  const part = (
    stem: InstrumentPart["stem"],
    patch: PatchName,
    sound: SampledSound | null,
    notes: Note[],
    gain: number,
    pan: number,
  ): InstrumentPart => ({
    stem,
    patch,
    name: style.preset.partNames[patch] ?? sound?.name ?? PART_NAMES[patch],
    notes: swingNotes(crescendo(intoRange(sound, notes), sections), groove).sort(
      (a, b) => a.start - b.start || a.pitch - b.pitch,
    ),
    gain,
    pan,
    ...(sound ? { program: sound.program } : {}),
  });
  const hits: DrumHit[] = style.drums
    ? drumPart(songSections, style.preset, style.kit, BEATS_PER_BAR, random.fork("drums"))
    : [];
  const start = sections.length > 0 ? sections[0].start : 0;
  const end = sections.length > 0 ? sections[sections.length - 1].end : 0;
  return {
    seed: input.seed,
    bpm: style.bpm,
    beatsPerBar: BEATS_PER_BAR,
    key: { tonic: style.key.tonic, mode: style.key.mode },
    genre: style.genre,
    lengthBeats: (end - Math.min(0, start)) as Beats,
    sections: songSections,
    drums: {
      kit: style.kit,
      hits: swingNotesOfHits(crescendo(hits, sections), groove),
      gain: 0.85,
      ...(style.kitProgram === null ? {} : { program: style.kitProgram }),
    },
    parts: [
      part("bass", style.patches.bass, style.sounds.bass, bass, 0.8, 0),
      part("chords", style.patches.chords, style.sounds.chords, keys, 0.55, -0.2),
      ...(style.layer
        ? [part("chords", style.layer, style.sounds.layer, layerPart(context), 0.35, 0.3)]
        : []),
      part("lead", style.patches.lead, style.sounds.lead, lead, vocals ? 0.4 : 0.5, 0.25),
    ],
    vocals,
    mix: {
      reverb: { ...style.preset.reverb },
      delay: { ...style.preset.delay },
      sidechain: style.preset.sidechain,
    },
    chords,
  };
}

function swingNotesOfHits(hits: readonly DrumHit[], groove: Groove): DrumHit[] {
  return hits.map((h) => {
    const start = swingTime(h.start, groove);
    return start === h.start ? h : { ...h, start };
  });
}
