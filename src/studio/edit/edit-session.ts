// The edit session: what the editor remembers about one song being edited (the selection, the tool
// and its settings, the edits still running on the server), kept in local storage so a reload comes
// back to the same place. A saved session is trusted only while it is fresh: one saved 15 minutes
// ago or more belongs to an earlier visit, and the editor starts a new one.

import { z } from "zod";
import {
  DEFAULT_FADE_OUT_MS,
  EDIT_SESSION_RESTORE_MS,
  EDIT_SPEED_MAX,
  EDIT_SPEED_MIN,
  editSessionIdSchema,
} from "../../shared/api/edit.ts";

/** The replace-section action needs a selection at least this long. */
export const MIN_INFILL_SELECTION_S = 5;

export const EDIT_TOOLS = ["edit_details", "crop", "fade_out", "speed", "replace_section", "extend"] as const;
export type EditTool = (typeof EDIT_TOOLS)[number];

/** The kinds of server edit a pending item waits for. */
export const PENDING_EDIT_TYPES = ["edit_crop", "edit_fade", "edit_speed"] as const;

const seconds = z.number().finite().nonnegative();

export const selectionRangeSchema = z
  .object({ start: seconds, end: seconds })
  .refine((range) => range.end >= range.start, "A selection ends after it starts");
export type SelectionRange = z.infer<typeof selectionRangeSchema>;

export const pendingClipSchema = z.object({
  type: z.enum(PENDING_EDIT_TYPES),
  /** The clip the server makes; polled until it is complete. */
  actionClipId: z.string().min(1),
});
export type PendingClip = z.infer<typeof pendingClipSchema>;

export const editSessionSchema = z.object({
  editSessionId: editSessionIdSchema,
  editingClipId: z.string().min(1),
  selectionRange: selectionRangeSchema.nullable().default(null),
  activeEditTool: z.enum(EDIT_TOOLS).default("edit_details"),
  speedFactor: z.number().min(EDIT_SPEED_MIN).max(EDIT_SPEED_MAX).default(1),
  changeTempoOnly: z.boolean().default(true),
  isCropRemove: z.boolean().default(false),
  isFadeOut: z.boolean().default(false),
  fadeOutLengthMs: z.int().min(0).default(DEFAULT_FADE_OUT_MS),
  pendingClipData: z.array(pendingClipSchema).default(() => []),
});
export type EditSession = z.infer<typeof editSessionSchema>;

/** What local storage holds: the session and when it was saved (ms since the epoch). */
const savedSessionSchema = z.object({ savedAt: z.number().finite(), session: editSessionSchema });

export const EDIT_SESSION_KEY = "tunesmith.edit-session";

/** A new session for a song, every setting at its default. */
export const newEditSession = (editingClipId: string, editSessionId: string): EditSession =>
  editSessionSchema.parse({ editSessionId, editingClipId });

/** Whether a session saved at `savedAt` may still be restored at `now`: less than 15 minutes old (not 15). */
export const restorable = (savedAt: number, now: number): boolean =>
  now >= savedAt && now - savedAt < EDIT_SESSION_RESTORE_MS;

/** The saved session as text for local storage. */
export const serializeEditSession = (session: EditSession, now: number): string =>
  JSON.stringify({ savedAt: now, session });

/**
 * The session to go on with for a song: the saved one when it is for that song, well-formed and
 * fresh; otherwise null (the editor starts a new session).
 */
export function restoreEditSession(saved: string | null, clipId: string, now: number): EditSession | null {
  if (saved === null) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(saved);
  } catch {
    return null;
  }
  const parsed = savedSessionSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { savedAt, session } = parsed.data;
  return session.editingClipId === clipId && restorable(savedAt, now) ? session : null;
}

/** The replace-section action shows for a selection of at least 5 seconds. */
export const infillActionShown = (range: SelectionRange | null): boolean =>
  range !== null && range.end - range.start >= MIN_INFILL_SELECTION_S;

/** The session waiting for one more server edit. */
export const withPending = (session: EditSession, item: PendingClip): EditSession => ({
  ...session,
  pendingClipData: [...session.pendingClipData.filter((p) => p.actionClipId !== item.actionClipId), item],
});

/** The session no longer waiting for an edit (it completed, failed or was given up). */
export const withoutPending = (session: EditSession, actionClipId: string): EditSession => ({
  ...session,
  pendingClipData: session.pendingClipData.filter((item) => item.actionClipId !== actionClipId),
});
