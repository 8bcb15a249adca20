// The generation flow's polling rules: which clips are still polled, and the
// stuck rule that drops a clip that never got going.

/** How a polled clip stands. */
export type ClipPollState =
  /** Submitted: polled, and its credits are expected to be taken. */
  | "submitted"
  /** Any other non-empty status but the terminal ones: polled as running. */
  | "running"
  /** complete or error: no more polling. */
  | "terminal"
  /** Submitted over 2 minutes or queued over 15: dropped from polling, no credits used. */
  | "stuck"
  /** No status yet: nothing to follow. */
  | "unknown";

export const SUBMITTED_STUCK_MS = 2 * 60_000;
export const QUEUED_STUCK_MS = 15 * 60_000;

/** Our words for the rule. */
export const STUCK_CLIP_MESSAGE = {
  title: "A song could not be made.",
  description: "It took too long to start, so it was stopped. No credits were used.",
} as const;

const TERMINAL_STATUSES: ReadonlySet<string> = new Set(["complete", "error"]);

/**
 * How a clip stands at `nowMs`, given since when (epoch ms) it has had its status. The clock is the
 * caller's, so the rule needs no timers.
 */
export function clipPollState(
  status: string | null | undefined,
  statusSinceMs: number,
  nowMs: number,
): ClipPollState {
  if (!status) return "unknown";
  if (TERMINAL_STATUSES.has(status)) return "terminal";
  const forMs = nowMs - statusSinceMs;
  if (status === "submitted") return forMs > SUBMITTED_STUCK_MS ? "stuck" : "submitted";
  if (status === "queued" && forMs > QUEUED_STUCK_MS) return "stuck";
  return "running";
}

/** Whether the clip is polled again. */
export const isPolled = (state: ClipPollState): boolean => state === "submitted" || state === "running";

/** Playback is allowed once a clip streams. */
export const isPlayable = (status: string | null | undefined): boolean =>
  status === "streaming" || status === "complete";
