// The Score as a zod schema: a score kept with a clip is stored state, so whoever reads one back
// (extend, cover, infill, stems of a clip) checks it before building on it.

import { z } from "zod";
import type { Beats } from "../../shared/time.ts";
import { DRUM_KITS, DRUM_NOTES, type DrumName, PATCH_NAMES, type Score } from "../score.ts";

const beatsSchema = z
  .number()
  .nonnegative()
  .transform((value) => value as Beats);
const durationSchema = z
  .number()
  .positive()
  .transform((value) => value as Beats);
const unit = z.number().min(0).max(1);

const noteFields = {
  start: beatsSchema,
  duration: durationSchema,
  pitch: z.int().min(0).max(127),
  velocity: unit,
};

const drumNames = Object.keys(DRUM_NOTES) as [DrumName, ...DrumName[]];

const vocalsSchema = z
  .object({
    gender: z.enum(["m", "f"]),
    voice: z.string().min(1),
    words: z.array(z.string()),
    notes: z.array(z.object({ ...noteFields, syllable: z.string(), word: z.int().nonnegative() })),
    gain: z.number().nonnegative(),
  })
  .refine((vocals) => vocals.notes.every((note) => note.word < vocals.words.length), {
    message: "every vocal note's word is in the words",
  });

export const scoreSchema = z.object({
  seed: z.int().min(0).max(0xffffffff),
  bpm: z.number().positive().max(1000),
  beatsPerBar: z.int().min(1).max(16),
  key: z.object({ tonic: z.string().min(1), mode: z.string().min(1) }),
  genre: z.string(),
  lengthBeats: beatsSchema,
  sections: z.array(z.object({ kind: z.string(), start: beatsSchema, end: beatsSchema, energy: unit })),
  drums: z.object({
    kit: z.enum(DRUM_KITS),
    hits: z.array(z.object({ start: beatsSchema, drum: z.enum(drumNames), velocity: unit })),
    gain: z.number().nonnegative(),
    program: z.int().min(0).max(127).optional(),
  }),
  parts: z.array(
    z.object({
      stem: z.enum(["bass", "chords", "lead"]),
      patch: z.enum(PATCH_NAMES),
      name: z.string(),
      notes: z.array(z.object(noteFields)),
      gain: z.number().nonnegative(),
      pan: z.number().min(-1).max(1),
      program: z.int().min(0).max(127).optional(),
    }),
  ),
  vocals: vocalsSchema.nullable(),
  mix: z.object({
    reverb: z.object({ size: unit, wet: unit }),
    delay: z.object({ beats: z.number().nonnegative(), feedback: unit, wet: unit }),
    sidechain: unit,
  }),
  chords: z
    .array(
      z.object({
        start: beatsSchema,
        end: beatsSchema,
        degree: z.int().min(0).max(6),
        steps: z.array(z.int().nonnegative()),
        symbol: z.string(),
      }),
    )
    .optional(),
});

/** A stored score, checked; throws a ZodError saying what is wrong. */
export function parseScore(value: unknown): Score {
  const score: Score = scoreSchema.parse(value);
  return score;
}
