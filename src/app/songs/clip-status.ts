import type { Clip } from "../../shared/api/clips.ts";

/** The words a clip's status shows as in the song lists and the chat. */
export const CLIP_STATUS_LABELS: Record<Clip["status"], string> = {
  queued: "Queued",
  submitted: "Submitted",
  processing: "Processing",
  streaming: "Streaming",
  complete: "Complete",
  error: "Error",
};
