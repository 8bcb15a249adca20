// Who may open a song in the editor, and when: staff any song, others their own, with the editor's
// feature (Pro and Premier); and only a complete song ('Clip is not complete'), a streaming one
// waiting until it is.

import type { Session } from "../../shared/api/accounts.ts";
import type { ClipStatus } from "../../shared/api/clips.ts";
import { hasFeature } from "../../shared/song-menu/feature-permissions.ts";

export type EditAccess = "sign_in" | "not_yours" | "upsell" | "streaming" | "not_complete" | "open";

export function editAccess(
  session: Session,
  clip: { readonly user_id: string; readonly status: ClipStatus },
): EditAccess {
  if (session.user === null) return "sign_in";
  if (!session.isStaff && clip.user_id !== session.user.id) return "not_yours";
  if (!hasFeature(session, "EditMode")) return "upsell";
  if (clip.status === "streaming") return "streaming";
  return clip.status === "complete" ? "open" : "not_complete";
}
