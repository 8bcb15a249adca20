import { z } from "zod";

// Which generation a studio selection asks for, read from where the selected tracks' clips lie
// relative to the selected range.

export const GENERATE_MODES = ["create", "replace", "extend"] as const;
export type GenerateMode = (typeof GENERATE_MODES)[number];

/** How a replace is made: smart infill (the whole song as context), classic (a context window) or fixed. */
export const REPLACE_MODES = ["smart_infill", "classic", "fixed"] as const;
export type ReplaceMode = (typeof REPLACE_MODES)[number];
export const replaceModeSchema = z.enum(REPLACE_MODES);
export const DEFAULT_REPLACE_MODE: ReplaceMode = "smart_infill";

/** What a selection at the end of the content does: replace (the default) or extend. */
export const END_SELECTION_MODES = ["replace", "extend"] as const;
export type EndSelectionMode = (typeof END_SELECTION_MODES)[number];
export const endSelectionModeSchema = z.enum(END_SELECTION_MODES);
export const DEFAULT_END_SELECTION_MODE: EndSelectionMode = "replace";

/** Where the content lies around the range. */
export interface RangeSurroundings {
  /** Some clip of the selected tracks overlaps the range. */
  readonly overlapsClips: boolean;
  /** Some clip ends at or before the range's start. */
  readonly clipsBefore: boolean;
  /** Some clip starts at or after the range's end. */
  readonly clipsAfter: boolean;
}

export interface ModeInput extends RangeSurroundings {
  /** Edit mode (one song on one track): a selection at the end always extends it. */
  readonly editMode: boolean;
  readonly endSelectionMode: EndSelectionMode;
}

/**
 * Replace when the range overlaps clips; create when it sits between clips (or before all of them);
 * at the end of the content, extend in edit mode and otherwise the user's end-selection setting.
 * Null when the tracks hold no content at all (nothing to replace, extend or fit between).
 */
export function chooseGenerateMode(input: ModeInput): GenerateMode | null {
  if (input.overlapsClips) return "replace";
  if (input.clipsAfter) return "create";
  if (!input.clipsBefore) return null;
  return input.editMode ? "extend" : input.endSelectionMode;
}

export interface ClipSpan {
  readonly startBeats: number;
  readonly endBeats: number;
}

/** How a range relates to the clips of the selected tracks. Muted clips still count: they are content. */
export function rangeSurroundings(clips: readonly ClipSpan[], start: number, end: number): RangeSurroundings {
  let overlapsClips = false;
  let clipsBefore = false;
  let clipsAfter = false;
  for (const clip of clips) {
    if (clip.startBeats < end && clip.endBeats > start) overlapsClips = true;
    else if (clip.endBeats <= start) clipsBefore = true;
    else clipsAfter = true;
  }
  return { overlapsClips, clipsBefore, clipsAfter };
}
