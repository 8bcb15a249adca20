import type { GenerateMode, ReplaceMode } from "./generate-mode.ts";

// Why Generate cannot run for a selection, word for word as the user reads it; null when it can.

export const EMPTY_TRACKS_MESSAGE = "Use Instrument mode to add content to empty tracks.";
export const SELECT_RANGE_TO_REPLACE = "Select a range of time to replace";

/** Create and classic replace: 2 to 120 seconds. */
export const SELECTION_MIN_SECONDS = 2;
export const SELECTION_MAX_SECONDS = 120;
/** Fixed replace: at most 26 seconds. */
export const FIXED_REPLACE_MAX_SECONDS = 26;
/** A replace range of this length or less is no range at all. */
export const REPLACE_EMPTY_SECONDS = 0.01;

/** Seconds as the messages show them: to a tenth, without a trailing ".0". */
export const shownSeconds = (value: number): string => String(Math.round(value * 10) / 10);

export const selectionTooShort = (lengthSeconds: number): string =>
  `Selection must be at least ${SELECTION_MIN_SECONDS} seconds long (currently ${shownSeconds(lengthSeconds)} seconds)`;

export const selectionTooLong = (lengthSeconds: number): string =>
  `Selection must be at most ${SELECTION_MAX_SECONDS} seconds long (currently ${shownSeconds(lengthSeconds)} seconds)`;

export const FIXED_REPLACE_TOO_LONG = `Selection must be at most ${FIXED_REPLACE_MAX_SECONDS} seconds long in "Fixed" replace mode`;

export interface BlockingInput {
  /** Null: the selected tracks hold no content. */
  readonly mode: GenerateMode | null;
  readonly editMode: boolean;
  readonly replaceMode: ReplaceMode;
  readonly lengthSeconds: number;
}

const lengthProblem = (length: number, min: number): string | null => {
  if (length < min) return selectionTooShort(length);
  if (length > SELECTION_MAX_SECONDS) return selectionTooLong(length);
  return null;
};

/**
 * The first rule the selection breaks. Outside edit mode a selection with no content around it
 * cannot be generated into here; create needs 2 to 120 s; replace needs a range (over 0.01 s), then
 * fixed replace at most 26 s, classic 2 to 120 s and smart infill at most 120 s; extend has no limit.
 */
export function generateBlockingMessage(input: BlockingInput): string | null {
  const { mode, lengthSeconds: length } = input;
  if (mode === null) return input.editMode ? null : EMPTY_TRACKS_MESSAGE;
  switch (mode) {
    case "create":
      return lengthProblem(length, SELECTION_MIN_SECONDS);
    case "extend":
      return null;
    case "replace":
      if (length <= REPLACE_EMPTY_SECONDS) return SELECT_RANGE_TO_REPLACE;
      switch (input.replaceMode) {
        case "fixed":
          return length > FIXED_REPLACE_MAX_SECONDS ? FIXED_REPLACE_TOO_LONG : null;
        case "classic":
          return lengthProblem(length, SELECTION_MIN_SECONDS);
        case "smart_infill":
          return lengthProblem(length, 0);
      }
  }
}
