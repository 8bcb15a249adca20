import { cutText } from "./input-truncation.ts";

// The create form's smaller validity rules.

/** Classic replace-section length: at least 2 s. */
export const INFILL_MIN_SECONDS = 2;
/** Create-form prompt text and search terms. */
export const PROMPT_TEXT_MAX = 200;
export const SEARCH_TERM_MAX = 256;

/** Valid with no continue clip, or continue-at set, above 0 and not beyond the clip. */
export function continuePointValid(form: {
  readonly continueClipId: string | null;
  readonly continueAtSeconds: number | null;
  readonly clipDurationSeconds: number | null;
}): boolean {
  if (form.continueClipId === null) return true;
  const at = form.continueAtSeconds;
  if (at === null || at <= 0) return false;
  return form.clipDurationSeconds === null || at <= form.clipDurationSeconds;
}

/** Valid with no artist clip, or start and end set, start at least 0 and not after end. */
export function artistRangeValid(form: {
  readonly artistClipId: string | null;
  readonly artistStartSeconds: number | null;
  readonly artistEndSeconds: number | null;
}): boolean {
  if (form.artistClipId === null) return true;
  const { artistStartSeconds: start, artistEndSeconds: end } = form;
  return start !== null && end !== null && start >= 0 && start <= end;
}

/**
 * Valid with no continue clip, or both bounds set and different, the range at least the minimum
 * (intro and outro, or the edit-mode-intro flag, lift that), and the user has edit mode.
 */
export function infillValid(form: {
  readonly continueClipId: string | null;
  readonly infillFromSeconds: number | null;
  readonly infillToSeconds: number | null;
  readonly task: string | null;
  readonly editModeIntroFlag: boolean;
  readonly hasEditMode: boolean;
}): boolean {
  if (form.continueClipId === null) return true;
  const { infillFromSeconds: from, infillToSeconds: to } = form;
  if (from === null || to === null || from === to) return false;
  const lengthFree = form.task === "infill_intro" || form.task === "infill_outro" || form.editModeIntroFlag;
  if (!lengthFree && Math.abs(to - from) < INFILL_MIN_SECONDS) return false;
  return form.hasEditMode;
}

const SELECTABLE_TIMED = ["cover", "extend", "underpaint", "overpaint"] as const;
export type RemixSelection = (typeof SELECTABLE_TIMED)[number];

/** The extend selection must be one of cover, extend, underpaint, overpaint: anything else is a bug. */
export function remixSelection(value: string): RemixSelection {
  const found = SELECTABLE_TIMED.find((type) => type === value);
  if (!found) throw new Error(`Invalid extend selection "${value}": expected ${SELECTABLE_TIMED.join(", ")}`);
  return found;
}

/** The create form takes prompt text of 200 characters or fewer. */
export const promptTextAccepted = (text: string): boolean => text.length <= PROMPT_TEXT_MAX;

/** Tag and hashtag search terms: trimmed and cut to 256. */
export const searchTerm = (text: string): string => cutText(text.trim(), SEARCH_TERM_MAX);

/** Why a song's speed cannot be adjusted. */
export const CANNOT_ADJUST_SPEED = "Cannot adjust speed of uploaded audio and its derivatives";

const UPLOAD_TYPES: ReadonlySet<string> = new Set(["upload", "upload_extend"]);

/** An audio upload, or an extend of one, by its type. */
export const isUploadClip = (metadata: { readonly type?: string | null }): boolean =>
  UPLOAD_TYPES.has(metadata.type ?? "");

/** Adjust speed is not for uploads (and what extends them) or clips with vocals. */
export function canAdjustSpeed(clip: {
  readonly metadata: {
    readonly type?: string | null;
    readonly task?: string | null;
    readonly has_vocal?: boolean | null;
  };
}): boolean {
  const { metadata } = clip;
  const upload = isUploadClip(metadata) || metadata.task === "upload_extend";
  return !upload && metadata.has_vocal !== true;
}
