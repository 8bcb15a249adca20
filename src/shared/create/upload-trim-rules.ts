import type { Session } from "../api/accounts.ts";
import { UPLOAD_SECONDS } from "../api/accounts.ts";
import { AUDIO_UPLOAD_MAX_BYTES } from "../api/uploads.ts";

// The audio upload's file and trim rules.

/** The trimmed audio is at least this much longer than the minimum. */
export const TRIM_MARGIN_SECONDS = 0.5;
/** Persona uploads: Save works only within this length. */
export const PERSONA_UPLOAD_SECONDS = { min: 10, max: 30 } as const;

export const UPLOAD_MESSAGES = {
  oneFile: "Please upload one file at a time.",
  audioOnly: "Please upload audio files only.",
} as const;
/** The upload messages' toasts (closable). */
export const UPLOAD_MESSAGE_MS = 4000;

export interface TrimLimits {
  /** The shortest selection Save accepts: the minimum plus 0.5 s (persona: 10 s). */
  readonly minSeconds: number;
  readonly maxSeconds: number;
  /** The hint under the waveform. */
  readonly hint: string;
  /** Free users without long uploads see the Upgrade link. */
  readonly showUpgrade: boolean;
}

/**
 * The trim limits for a session: the minimum from the session's limits (else 6 s), 1 minute or 8
 * with the long-uploads permission (the session's maximum says which); persona uploads 10 to 30 s.
 */
export function trimLimits(session: Session | null, purpose: "upload" | "persona"): TrimLimits {
  const min = session?.audioUploadLimits.min ?? UPLOAD_SECONDS.min;
  const max = session?.audioUploadLimits.max ?? UPLOAD_SECONDS.max;
  const long = max >= UPLOAD_SECONDS.longMax;
  const hint = long
    ? "8 min limit for audio uploads."
    : `Trim your audio to between ${min} seconds and ${max / 60} min long.`;
  if (purpose === "persona") {
    return {
      minSeconds: PERSONA_UPLOAD_SECONDS.min,
      maxSeconds: PERSONA_UPLOAD_SECONDS.max,
      hint,
      showUpgrade: false,
    };
  }
  return {
    minSeconds: min + TRIM_MARGIN_SECONDS,
    maxSeconds: max,
    hint,
    showUpgrade: !long && (session?.userPlanKey ?? "free") === "free",
  };
}

export interface TrimRange {
  readonly startSeconds: number;
  readonly endSeconds: number;
}

/** The range a trim starts with: 0 through min(duration, max). */
export const defaultTrimRange = (durationSeconds: number, limits: TrimLimits): TrimRange => ({
  startSeconds: 0,
  endSeconds: Math.min(durationSeconds, limits.maxSeconds),
});

/**
 * A dragged range kept within the audio and no longer than the maximum: moving the whole range keeps
 * its length; dragging an edge is stopped by the limit.
 */
export function clampTrimRange(
  range: TrimRange,
  durationSeconds: number,
  limits: TrimLimits,
  dragged: "start" | "end" | "range",
): TrimRange {
  if (dragged === "range") {
    const length = Math.min(range.endSeconds - range.startSeconds, limits.maxSeconds, durationSeconds);
    const start = Math.min(Math.max(0, range.startSeconds), durationSeconds - length);
    return { startSeconds: start, endSeconds: start + length };
  }
  let start = Math.max(0, Math.min(range.startSeconds, durationSeconds));
  let end = Math.max(0, Math.min(range.endSeconds, durationSeconds));
  if (dragged === "start") start = Math.min(Math.max(start, end - limits.maxSeconds), end);
  else end = Math.max(Math.min(end, start + limits.maxSeconds), start);
  return { startSeconds: start, endSeconds: end };
}

/** Save is allowed when the selection is within the limits. */
export function canSaveTrim(range: TrimRange, limits: TrimLimits): boolean {
  const length = range.endSeconds - range.startSeconds;
  return length >= limits.minSeconds && length <= limits.maxSeconds;
}

/** The files dropped or picked: the one audio file, the message why not, or null for none. */
export function pickUploadFile<F extends { readonly type: string; readonly size: number }>(
  files: readonly F[],
): { readonly file: F } | { readonly message: string } | null {
  if (files.length === 0) return null;
  if (files.length > 1) return { message: UPLOAD_MESSAGES.oneFile };
  const [file] = files;
  if (!file.type.startsWith("audio/")) return { message: UPLOAD_MESSAGES.audioOnly };
  if (file.size > AUDIO_UPLOAD_MAX_BYTES) {
    // The server's words for the same refusal.
    return { message: "The file is too large: audio uploads are at most 500 MB (524,288,000 bytes)" };
  }
  return { file };
}
