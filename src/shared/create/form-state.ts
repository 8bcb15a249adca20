import { z } from "zod";
import { conditionsSchema, NO_CONDITIONS } from "./conditions.ts";

// The create form's state: global, custom, simple and adjust-speed parts, plus
// the generation form's other fields. This is what the form memory keeps in local storage.

export const CREATE_MODES = [
  "custom",
  "simple",
  "studio_edit",
  "studio_instrument",
  "adjust_speed",
  "chat",
] as const;
export type CreateMode = (typeof CREATE_MODES)[number];

export const LYRICS_MODES = ["auto", "manual"] as const;
export type LyricsMode = (typeof LYRICS_MODES)[number];

export const VOCAL_GENDERS = ["male", "female", "unspecified"] as const;
export type VocalGender = (typeof VOCAL_GENDERS)[number];

/**
 * The sliders are percentages on the form and 0..1 on the wire. The spec does not give their
 * defaults: the middle, which is also what the generator assumes when a slider is not sent.
 */
export const SLIDER_DEFAULT_PERCENT = 50;
const percent = z.number().finite().min(0).max(100);

/** The lyrics model sent when the form has no other (lyrics generation and metadata.lyrics_model). */
export const DEFAULT_LYRICS_MODEL = "default";

/** The generation type the form starts with. */
export const DEFAULT_GENERATION_TYPE = "TEXT";

export const globalPartSchema = z.object({
  /** Model key (chirp-v3-0 ... chirp-crow). */
  model: z.string().min(1),
  mode: z.enum(CREATE_MODES),
  lyricsModel: z.string().min(1),
  conditions: conditionsSchema,
});

export const customPartSchema = z.object({
  reusedFromClipId: z.string().nullable(),
  title: z.string(),
  lyrics: z.string(),
  lyricsPrompt: z.string(),
  lyricsMode: z.enum(LYRICS_MODES),
  lyricsExpanded: z.boolean(),
  styles: z.string(),
  excludeStyles: z.string(),
  weirdness: percent,
  styleInfluence: percent,
  audioInfluence: percent,
  /** Sent only between 120 and 480 s; null leaves the length to the song. */
  durationSeconds: z.number().finite().min(0).nullable(),
  vocalGender: z.enum(VOCAL_GENDERS),
  maxMode: z.boolean(),
  advancedOptionsExpanded: z.boolean(),
  lastLyricsGeneration: z.unknown().nullable(),
});

export const simplePartSchema = z.object({
  prompt: z.string(),
  instrumental: z.boolean(),
});

/** The adjust-speed call's title limit (its body schema's, in src/shared/api/generate.ts). */
export const ADJUST_SPEED_TITLE_MAX = 100;

export const adjustSpeedPartSchema = z.object({
  clipId: z.string().nullable(),
  speedMultiplier: z.number().finite().positive(),
  keepPitch: z.boolean(),
  /** The new song's title (POST /api/clips/adjust-speed/ title); the source song's when entered. */
  title: z.string().max(ADJUST_SPEED_TITLE_MAX).default(""),
});

/** The form's other fields: the old generation form's view, kept in step by form-sync. */
export const otherFieldsSchema = z.object({
  generationType: z.string(),
  task: z.string().nullable(),
  imageData: z.string().nullable(),
  videoUploadId: z.string().nullable(),
  /** Exclude styles are sent only when this is on. */
  excludeStylesEnabled: z.boolean(),
  /** Sing without words (bluejay and crow models only). */
  mumbleMode: z.boolean(),
});

export const createFormStateSchema = z.object({
  global: globalPartSchema,
  custom: customPartSchema,
  simple: simplePartSchema,
  adjustSpeed: adjustSpeedPartSchema,
  other: otherFieldsSchema,
});
export type CreateFormState = z.infer<typeof createFormStateSchema>;

/** The creation form starts with keep pitch off (the song menu's action with it on). */
export const ADJUST_SPEED_DEFAULTS = { speedMultiplier: 1, keepPitch: false } as const;

/** A fresh form for a model (the newest the user may use, see model-rules). */
export function defaultCreateFormState(model: string): CreateFormState {
  return {
    global: { model, mode: "simple", lyricsModel: DEFAULT_LYRICS_MODEL, conditions: NO_CONDITIONS },
    custom: {
      reusedFromClipId: null,
      title: "",
      lyrics: "",
      lyricsPrompt: "",
      lyricsMode: "manual",
      lyricsExpanded: false,
      styles: "",
      excludeStyles: "",
      weirdness: SLIDER_DEFAULT_PERCENT,
      styleInfluence: SLIDER_DEFAULT_PERCENT,
      audioInfluence: SLIDER_DEFAULT_PERCENT,
      durationSeconds: null,
      vocalGender: "unspecified",
      maxMode: false,
      advancedOptionsExpanded: false,
      lastLyricsGeneration: null,
    },
    simple: { prompt: "", instrumental: false },
    adjustSpeed: { clipId: null, title: "", ...ADJUST_SPEED_DEFAULTS },
    other: {
      generationType: DEFAULT_GENERATION_TYPE,
      task: null,
      imageData: null,
      videoUploadId: null,
      excludeStylesEnabled: true,
      mumbleMode: false,
    },
  };
}
