import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { PLAYLIST_NOT_FOUND } from "../../shared/api/playlists.ts";
import { PROFILE_MESSAGES } from "../../shared/api/profiles.ts";
import { SHARE_MESSAGES, type ShareCodeResponse, type ShareContentType } from "../../shared/api/share.ts";
import { CLIP_NOT_FOUND } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { findUserByHandle } from "./users.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a share link may open: public, untrashed content, by its stored id, with its page path. */
async function publicTarget(
  db: Kysely<Database>,
  type: ShareContentType,
  storedId: string,
): Promise<{ path: string; ownerId: string } | null> {
  if (type === "profile") {
    const user = await db
      .selectFrom("users")
      .select(["id", "handle"])
      .where("id", "=", storedId)
      .executeTakeFirst();
    return user === undefined ? null : { path: `/@${user.handle}`, ownerId: user.id };
  }
  if (!UUID.test(storedId)) return null;
  const table = type === "clip" ? "clips" : "playlists";
  const row = await db
    .selectFrom(table)
    .select(["user_id", "is_public", "is_trashed"])
    .where("id", "=", storedId)
    .executeTakeFirst();
  if (row === undefined || !row.is_public || row.is_trashed) return null;
  return { path: `/${type === "clip" ? "song" : "playlist"}/${storedId}`, ownerId: row.user_id };
}

/**
 * The id a link stores for what is shared (a profile's user id, so a handle change keeps links
 * working). Content the sharer may not see is as missing; their own private content is refused
 * with what to do about it.
 */
async function shareableId(
  db: Kysely<Database>,
  sharerId: string | null,
  type: ShareContentType,
  contentId: string,
): Promise<string> {
  if (type === "profile") {
    const user = await findUserByHandle(db, contentId.replace(/^@/, ""));
    if (user === undefined) throw notFound(PROFILE_MESSAGES.notFound);
    return user.id;
  }
  const missing = notFound(type === "clip" ? CLIP_NOT_FOUND : PLAYLIST_NOT_FOUND);
  if (!UUID.test(contentId)) throw missing;
  if ((await publicTarget(db, type, contentId)) !== null) return contentId;
  const table = type === "clip" ? "clips" : "playlists";
  const own = await db
    .selectFrom(table)
    .select("id")
    .where("id", "=", contentId)
    .where("user_id", "=", sharerId)
    .executeTakeFirst();
  throw own === undefined ? missing : badRequest(SHARE_MESSAGES.notPublic);
}

/** A code of 10 URL-safe characters (60 random bits). */
const newCode = () => randomBytes(8).toString("base64url").slice(0, 10);

/** The link's code for this key, made the first time it is asked for and the same ever after. */
export async function shareCodeFor(
  db: Kysely<Database>,
  sharerId: string | null,
  link: {
    content_type: ShareContentType;
    content_id: string;
    source: string;
    platform: string;
    recommendation_item_id: string | null;
  },
): Promise<string> {
  const contentId = await shareableId(db, sharerId, link.content_type, link.content_id);
  const key = (query: ReturnType<typeof selectCodes>) =>
    query
      .where("content_type", "=", link.content_type)
      .where("content_id", "=", contentId)
      .where("source", "=", link.source)
      .where("platform", "=", link.platform)
      .where(sql<boolean>`coalesce(sharer_id::text, '') = ${sharerId ?? ""}`);
  const selectCodes = (handle: Kysely<Database>) => handle.selectFrom("share_links").select("code");
  const known = await key(selectCodes(db)).executeTakeFirst();
  if (known !== undefined) return known.code;
  // Two first requests at once: the unique key keeps one row, and both answer its code.
  await db
    .insertInto("share_links")
    .values({
      code: newCode(),
      content_type: link.content_type,
      content_id: contentId,
      source: link.source,
      platform: link.platform,
      recommendation_item_id: link.recommendation_item_id,
      sharer_id: sharerId,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return (await key(selectCodes(db)).executeTakeFirstOrThrow()).code;
}

/** What a code opens, if it is known and its content still public. */
export async function resolveShareCode(db: Kysely<Database>, code: string): Promise<ShareCodeResponse> {
  const row = await db
    .selectFrom("share_links")
    .select(["content_type", "content_id"])
    .where("code", "=", code)
    .executeTakeFirst();
  const target = row === undefined ? null : await publicTarget(db, row.content_type, row.content_id);
  if (row === undefined || target === null) throw notFound(SHARE_MESSAGES.notFound);
  return { content_type: row.content_type, content_id: row.content_id, path: target.path };
}
