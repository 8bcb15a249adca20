import type { Kysely } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import type { CommercialRightsResponse } from "../../shared/api/create-support.ts";
import type { Entitled } from "../billing/entitlements.ts";
import type { ClipRow, Database } from "../db/schema.ts";
import { hasPaidPlan } from "./paid-plan.ts";

/** Every clip the metadata says this one was made from (cover, extend, remaster, persona, stems, edits). */
export function sourceClipIds(metadata: ClipMetadata): string[] {
  const ids = [
    metadata.cover_clip_id,
    metadata.artist_clip_id,
    metadata.upsample_clip_id,
    metadata.edited_clip_id,
    metadata.stem_from_id,
    ...(metadata.history ?? []).map((entry) => entry.id),
    ...(metadata.concat_history ?? []).map((entry) => entry.id),
  ];
  return [...new Set(ids.filter((id): id is string => typeof id === "string" && id !== ""))];
}

/**
 * Commercial rights come with paid plans, for the owner's own finished generated songs that remix
 * no other user's song. The plan a song was made on is not recorded, so the owner's plan now stands
 * for it; an upload is the user's own audio, not ours to license. The reason says which rule failed.
 */
export async function commercialRights(
  db: Kysely<Database>,
  user: Entitled & { id: string },
  clip: ClipRow,
): Promise<CommercialRightsResponse> {
  const metadata = clip.metadata as ClipMetadata;
  if (clip.user_id !== user.id) return { eligible: false, reason: "not_owner" };
  if (clip.status !== "complete") return { eligible: false, reason: "not_complete" };
  if ((metadata.type ?? "gen") === "upload") return { eligible: false, reason: "upload" };
  const sources = sourceClipIds(metadata);
  const othersSource =
    sources.length > 0 &&
    (await db
      .selectFrom("clips")
      .select("id")
      .where("id", "in", sources)
      .where("user_id", "<>", user.id)
      .executeTakeFirst());
  if (othersSource) return { eligible: false, reason: "remix_of_other" };
  return hasPaidPlan(user) ? { eligible: true, reason: null } : { eligible: false, reason: "free_plan" };
}
