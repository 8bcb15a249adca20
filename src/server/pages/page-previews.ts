// Link-preview tags for the shareable pages beyond a song: a profile (/@{handle}) and a public
// playlist (/playlist/{id}). Tags go only on what anyone may see: a private or trashed playlist, or
// a handle nobody has, is answered as the plain page, so its name never reaches an unfurler.

import { type Kysely, sql } from "kysely";
import { clipMediaUrl } from "../clips/media-urls.ts";
import type { Database } from "../db/schema.ts";
import { avatarUrl } from "../social/profile-store.ts";
import { withPreview } from "./head-tags.ts";

interface Page {
  readonly shell: string;
  readonly origin: string;
}

/** A description cut to what previews show (they clip long ones anyway). */
const DESCRIPTION_MAX = 200;
const cut = (text: string) =>
  text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;

const absolute = (origin: string, path: string | null) =>
  path === null ? null : /^https?:\/\//.test(path) ? path : `${origin}${path}`;

/** /@{handle}: the person's name and handle, their bio, their avatar. */
export async function profilePageHtml(db: Kysely<Database>, page: Page, handle: string): Promise<string> {
  const user = await db
    .selectFrom("users")
    .select(["id", "handle", "display_name", "bio", "avatar_key"])
    .where(sql<boolean>`lower(handle) = ${handle.toLowerCase()}`)
    .executeTakeFirst();
  if (user === undefined) return page.shell;
  const name = user.display_name.trim();
  const bio = user.bio.trim();
  const url = `${page.origin}/@${user.handle}`;
  return withPreview(page.shell, {
    type: "profile",
    title: name === "" || name === user.handle ? `@${user.handle}` : `${name} (@${user.handle})`,
    description: cut(bio === "" ? `Songs by @${user.handle}. Listen on Tunesmith` : bio),
    url,
    imageUrl: absolute(page.origin, avatarUrl(user.id, user.avatar_key)),
    audioUrl: null,
  });
}

/** The cover of a playlist's first public song that has one. */
async function firstCover(db: Kysely<Database>, playlistId: string): Promise<string | null> {
  const song = await db
    .selectFrom("playlist_clips as pc")
    .innerJoin("clips as c", "c.id", "pc.clip_id")
    .select(["c.id", "c.image_key"])
    .where("pc.playlist_id", "=", playlistId)
    .where("c.is_public", "=", true)
    .where("c.is_trashed", "=", false)
    .where("c.image_key", "is not", null)
    .orderBy("pc.position")
    .limit(1)
    .executeTakeFirst();
  return song === undefined ? null : clipMediaUrl(song.id, "image", song.image_key);
}

/** /playlist/{id}, when public: its name and owner, its image (or its first song's cover). */
export async function playlistPageHtml(
  db: Kysely<Database>,
  page: Page,
  playlistId: string,
): Promise<string> {
  const playlist = await db
    .selectFrom("playlists as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(["p.id", "p.name", "p.description", "p.image_url", "u.handle"])
    .where("p.id", "=", playlistId)
    .where("p.is_public", "=", true)
    .where("p.is_trashed", "=", false)
    .executeTakeFirst();
  if (playlist === undefined) return page.shell;
  const description = playlist.description.trim();
  return withPreview(page.shell, {
    type: "music.playlist",
    title: `${playlist.name || "Untitled"} by @${playlist.handle}`,
    description: cut(description === "" ? "A playlist. Listen on Tunesmith" : description),
    url: `${page.origin}/playlist/${playlist.id}`,
    imageUrl: absolute(page.origin, playlist.image_url ?? (await firstCover(db, playlist.id))),
    audioUrl: null,
  });
}
