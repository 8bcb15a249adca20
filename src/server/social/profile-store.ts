import { type Kysely, sql } from "kysely";
import type { Clip } from "../../shared/api/clips.ts";
import { type PageInfo, pageInfo } from "../../shared/api/paged.ts";
import {
  PROFILE_MESSAGES,
  PROFILE_PAGE_SIZE,
  type Profile,
  type ProfileListResponse,
  TOP_CLIPS_MAX,
} from "../../shared/api/profiles.ts";
import { selectClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import { keyVersion } from "../clips/media-urls.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";

/** Where a user's avatar is served; a new image gets a new address. */
export function avatarUrl(userId: string, key: string): string;
export function avatarUrl(userId: string, key: string | null): string | null;
export function avatarUrl(userId: string, key: string | null): string | null {
  return key === null ? null : `/api/media/avatars/${userId}.jpg?v=${keyVersion(key)}`;
}

/** A profile as the page shows it, for the viewer (following it or not, their own or not). */
export async function findProfile(
  db: Kysely<Database>,
  viewerId: string | null,
  handle: string,
): Promise<Profile> {
  const row = await db
    .selectFrom("users")
    .select(["id", "handle", "display_name", "bio", "avatar_key"])
    .select([
      sql<number>`(select count(*) from follows f where f.followee_id = users.id)::int`.as("num_followers"),
      sql<number>`(select count(*) from follows f where f.follower_id = users.id)::int`.as("num_following"),
      sql<number>`(select count(*) from clips c where c.user_id = users.id and c.is_public and not c.is_trashed)::int`.as(
        "num_public_clips",
      ),
      sql<boolean>`exists (select 1 from follows f where f.followee_id = users.id and f.follower_id = ${viewerId})`.as(
        "is_following",
      ),
    ])
    .where(sql<boolean>`lower(handle) = ${handle.toLowerCase()}`)
    .executeTakeFirst();
  if (row === undefined) throw notFound(PROFILE_MESSAGES.notFound);
  return {
    user_id: row.id,
    handle: row.handle,
    display_name: row.display_name,
    bio: row.bio,
    avatar_image_url: avatarUrl(row.id, row.avatar_key),
    num_followers: row.num_followers,
    num_following: row.num_following,
    num_public_clips: row.num_public_clips,
    is_following: row.is_following,
    is_self: viewerId === row.id,
  };
}

/**
 * A page of the people following `userId` ("followers") or followed by them ("following"), the
 * latest follow first, each saying whether the viewer follows them.
 */
export async function followList(
  db: Kysely<Database>,
  viewerId: string | null,
  userId: string,
  direction: "followers" | "following",
  page: number,
): Promise<ProfileListResponse> {
  const [mine, theirs] =
    direction === "followers"
      ? (["followee_id", "follower_id"] as const)
      : (["follower_id", "followee_id"] as const);
  const [rows, total] = await Promise.all([
    db
      .selectFrom("follows as f")
      .innerJoin("users as u", "u.id", `f.${theirs}`)
      .select(["u.id", "u.handle", "u.display_name", "u.avatar_key"])
      .select(
        sql<boolean>`exists (select 1 from follows v where v.followee_id = u.id and v.follower_id = ${viewerId})`.as(
          "is_following",
        ),
      )
      .where(`f.${mine}`, "=", userId)
      .orderBy("f.created_at", "desc")
      .orderBy(`f.${theirs}`, "desc")
      .limit(PROFILE_PAGE_SIZE)
      .offset((page - 1) * PROFILE_PAGE_SIZE)
      .execute(),
    db
      .selectFrom("follows")
      .where(mine, "=", userId)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const info = pageInfo(Number(total.n), page, PROFILE_PAGE_SIZE);
  return {
    profiles: rows.map((row) => ({
      handle: row.handle,
      display_name: row.display_name,
      avatar_image_url: avatarUrl(row.id, row.avatar_key),
      is_following: row.is_following,
    })),
    num_total_profiles: info.num_total_results,
    current_page: info.current_page,
    has_more: info.has_more,
  };
}

/** Follows or unfollows; both are idempotent. Returns the followee's follower count after. */
export async function setFollowing(
  db: Kysely<Database>,
  followerId: string,
  followeeId: string,
  follow: boolean,
): Promise<number> {
  if (follow) {
    await db
      .insertInto("follows")
      .values({ follower_id: followerId, followee_id: followeeId })
      .onConflict((conflict) => conflict.columns(["follower_id", "followee_id"]).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom("follows")
      .where("follower_id", "=", followerId)
      .where("followee_id", "=", followeeId)
      .execute();
  }
  const row = await db
    .selectFrom("follows")
    .where("followee_id", "=", followeeId)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Public songs anyone may see: not trashed, not failed. */
const publicClips = (db: Kysely<Database>, viewerId: string | null) =>
  selectClips(db, viewerId)
    .where("clips.is_public", "=", true)
    .where("clips.is_trashed", "=", false)
    .where("clips.status", "!=", "error");

/** A profile's public songs, pinned ones first, then newest. */
export async function profileClips(
  db: Kysely<Database>,
  viewerId: string | null,
  userId: string,
  page: number,
): Promise<{ clips: Clip[] } & PageInfo> {
  const base = publicClips(db, viewerId).where("clips.user_id", "=", userId);
  const [rows, total] = await Promise.all([
    base
      // Pinned songs first, the newest pin first; then the newest songs.
      .orderBy("clips.is_pinned", "desc")
      .orderBy(sql`clips.pinned_at desc nulls last`)
      .orderBy("clips.created_at", "desc")
      .orderBy("clips.id", "desc")
      .limit(PROFILE_PAGE_SIZE)
      .offset((page - 1) * PROFILE_PAGE_SIZE)
      .execute(),
    db
      .selectFrom("clips")
      .where("user_id", "=", userId)
      .where("is_public", "=", true)
      .where("is_trashed", "=", false)
      .where("status", "!=", "error")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    clips: rows.map((row) => clipView(row, viewerId)),
    ...pageInfo(Number(total.n), page, PROFILE_PAGE_SIZE),
  };
}

/** A profile's most played public songs. */
export async function topClips(
  db: Kysely<Database>,
  viewerId: string | null,
  userId: string,
): Promise<Clip[]> {
  const rows = await publicClips(db, viewerId)
    .where("clips.user_id", "=", userId)
    .orderBy("clips.play_count", "desc")
    .orderBy("clips.created_at", "desc")
    .limit(TOP_CLIPS_MAX)
    .execute();
  return rows.map((row) => clipView(row, viewerId));
}

/** Other people's public songs made from this user's songs (covers, extends, remixes), newest first. */
const inspiredBy = (userId: string) =>
  sql<boolean>`clips.user_id <> ${userId} and exists (select 1 from clips p where p.id = clips.root_clip_id and p.user_id = ${userId})`;

export async function remixesInspired(
  db: Kysely<Database>,
  viewerId: string | null,
  userId: string,
  page: number,
): Promise<{ clips: Clip[] } & PageInfo> {
  const [rows, count] = await Promise.all([
    publicClips(db, viewerId)
      .where(inspiredBy(userId))
      .orderBy("clips.created_at", "desc")
      .orderBy("clips.id", "desc")
      .limit(PROFILE_PAGE_SIZE)
      .offset((page - 1) * PROFILE_PAGE_SIZE)
      .execute(),
    remixesInspiredCount(db, userId),
  ]);
  return { clips: rows.map((row) => clipView(row, viewerId)), ...pageInfo(count, page, PROFILE_PAGE_SIZE) };
}

export async function remixesInspiredCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("clips")
    .where("clips.is_public", "=", true)
    .where("clips.is_trashed", "=", false)
    .where("clips.status", "!=", "error")
    .where(inspiredBy(userId))
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A profile's public playlists with their public song counts, last changed first. */
export async function profilePlaylists(db: Kysely<Database>, userId: string) {
  const rows = await db
    .selectFrom("playlists")
    .select(["id", "name", "image_url"])
    .select(
      sql<number>`(select count(*) from playlist_clips pc join clips c on c.id = pc.clip_id where pc.playlist_id = playlists.id and c.is_public and not c.is_trashed)::int`.as(
        "num_clips",
      ),
    )
    .where("user_id", "=", userId)
    .where("is_public", "=", true)
    .where("is_trashed", "=", false)
    .orderBy("updated_at", "desc")
    .limit(50)
    .execute();
  return rows;
}
