// The Remaster modal's request: each slider is clamped to 0..1 and sent only when it differs from
// its default (freedom 0, the others 0.5), so a server's own defaults apply to untouched sliders;
// styles are sent only when not blank, and the title only when one was typed.

import type { UpsampleBody } from "../api/generate.ts";

export interface RemasterSliders {
  readonly freedom: number;
  readonly tone: number;
  readonly clarity: number;
  readonly strength: number;
  readonly stereoWidth: number;
}

export const DEFAULT_REMASTER_SLIDERS: RemasterSliders = {
  freedom: 0,
  tone: 0.5,
  clarity: 0.5,
  strength: 0.5,
  stereoWidth: 0.5,
};

/** Each slider's field in the request body. */
const FIELDS: Readonly<
  Record<keyof RemasterSliders, "freedom" | "tone" | "clarity" | "strength" | "stereo_width">
> = {
  freedom: "freedom",
  tone: "tone",
  clarity: "clarity",
  strength: "strength",
  stereoWidth: "stereo_width",
};

/** A slider's value inside 0..1; anything not a number counts as the default. */
export function clampSlider(value: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(1, Math.max(0, value));
}

export interface RemasterChoice {
  readonly clipId: string;
  readonly modelName: string | null;
  readonly title: string;
  readonly tags: string;
  readonly sliders: RemasterSliders;
}

export function remasterPayload(choice: RemasterChoice): UpsampleBody {
  const body: Record<string, unknown> = { clip_id: choice.clipId };
  if (choice.modelName) body.model_name = choice.modelName;
  if (choice.title.trim() !== "") body.title = choice.title.trim();
  if (choice.tags.trim() !== "") body.tags = choice.tags.trim();
  for (const key of Object.keys(FIELDS) as (keyof RemasterSliders)[]) {
    const fallback = DEFAULT_REMASTER_SLIDERS[key];
    const value = clampSlider(choice.sliders[key], fallback);
    if (value !== fallback) body[FIELDS[key]] = value;
  }
  return body as UpsampleBody;
}
