import type { ClipMetadata } from "../../shared/api/clips.ts";
import type { Entitled } from "../billing/entitlements.ts";
import type { ClipRow } from "../db/schema.ts";
import { hasPaidPlan } from "./paid-plan.ts";

/**
 * Commercial rights come with paid plans, for the owner's own generated songs. The plan a song was
 * made on is not recorded, so the owner's plan now stands for it; an upload is the user's own
 * audio, not ours to license.
 */
export function commercialRightsEligible(user: Entitled & { id: string }, clip: ClipRow): boolean {
  const type = (clip.metadata as ClipMetadata).type ?? "gen";
  return hasPaidPlan(user) && clip.user_id === user.id && clip.status === "complete" && type !== "upload";
}
