import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import { imageSizeSchema } from "../../shared/api/images.ts";
import {
  editProfileBodySchema,
  followBodySchema,
  HANDLE_SUGGESTIONS_MAX,
  handleSearchQuerySchema,
  PROFILE_MESSAGES,
  type ProfileSummary,
  profileHandleParamsSchema,
  profileListQuerySchema,
  profilePageQuerySchema,
} from "../../shared/api/profiles.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import type { Database } from "../db/schema.ts";
import { badRequest, notFound, unauthorized } from "../http/errors.ts";
import { sendStored } from "../http/send-stored.ts";
import { parseInput } from "../http/validate.ts";
import { imageAtSize } from "../images/sized-images.ts";
import { raiseContext, raiseFollow } from "../notifications/raise.ts";
import { personaPage } from "../personas/persona-store.ts";
import { editProfile } from "../social/profile-edit.ts";
import {
  avatarUrl,
  findProfile,
  followList,
  profileClips,
  profilePlaylists,
  remixesInspired,
  remixesInspiredCount,
  setFollowing,
  topClips,
} from "../social/profile-store.ts";
import { findUserByHandle } from "../social/users.ts";
import type { Storage } from "../storage/storage.ts";

const userIdParamsSchema = z.object({ user_id: z.uuid("Unknown avatar") });
const imageSizeQuerySchema = z.object({
  size: imageSizeSchema.optional(),
  v: z.string().max(100).optional(),
});

/** Profiles: a person's page data, their lists, follows, editing one's own, avatars, handle lookup. */
export function registerProfileRoutes(
  app: FastifyInstance,
  deps: { readonly db: Kysely<Database>; readonly storage: Storage },
): void {
  const { db, storage } = deps;
  const viewerOf = (request: { auth?: { user: { id: string } } | null }) => request.auth?.user.id ?? null;
  const userOf = async (handle: string) => {
    const user = await findUserByHandle(db, handle);
    if (user === undefined) throw notFound(PROFILE_MESSAGES.notFound);
    return user;
  };

  app.get("/api/profiles/search", async (request): Promise<{ profiles: ProfileSummary[] }> => {
    const { prefix } = parseInput(handleSearchQuerySchema, request.query, "query");
    if (prefix === "") return { profiles: [] };
    // The prefix holds only handle characters, so it has no LIKE wildcards to escape.
    const rows = await db
      .selectFrom("users")
      .select(["id", "handle", "display_name", "avatar_key"])
      .where(sql<boolean>`lower(handle) like ${`${prefix.toLowerCase()}%`}`)
      .orderBy(sql`lower(handle)`)
      .limit(HANDLE_SUGGESTIONS_MAX)
      .execute();
    return {
      profiles: rows.map((row) => ({
        handle: row.handle,
        display_name: row.display_name,
        avatar_image_url: avatarUrl(row.id, row.avatar_key),
      })),
    };
  });

  app.get("/api/profiles/:handle", async (request) => {
    const { handle } = parseInput(profileHandleParamsSchema, request.params, "path");
    return findProfile(db, viewerOf(request), handle);
  });

  app.get("/api/profiles/:handle/clips", async (request) => {
    const { handle } = parseInput(profileHandleParamsSchema, request.params, "path");
    const { page } = parseInput(profilePageQuerySchema, request.query, "query");
    const user = await userOf(handle);
    return profileClips(db, viewerOf(request), user.id, page);
  });

  app.get("/api/profiles/:handle/playlists", async (request) => {
    const { handle } = parseInput(profileHandleParamsSchema, request.params, "path");
    const user = await userOf(handle);
    return { playlists: await profilePlaylists(db, user.id) };
  });

  app.get("/api/profiles/:handle/personas", async (request) => {
    const { handle } = parseInput(profileHandleParamsSchema, request.params, "path");
    const { page } = parseInput(profilePageQuerySchema, request.query, "query");
    const user = await userOf(handle);
    return personaPage(db, viewerOf(request), page, (query) =>
      query
        .where("personas.user_id", "=", user.id)
        .where("personas.is_public", "=", true)
        .where("personas.is_trashed", "=", false),
    );
  });

  app.get("/api/profiles/:handle/remixes-inspired/", async (request) => {
    const { handle } = parseInput(profileHandleParamsSchema, request.params, "path");
    const { page } = parseInput(profilePageQuerySchema, request.query, "query");
    const user = await userOf(handle);
    return remixesInspired(db, viewerOf(request), user.id, page);
  });

  app.get("/api/profiles/:handle/remixes-inspired-count/", async (request) => {
    const { handle } = parseInput(profileHandleParamsSchema, request.params, "path");
    const user = await userOf(handle);
    return { count: await remixesInspiredCount(db, user.id) };
  });

  /** ?handle= names whose list; without it, the signed-in user's own. */
  const listOwner = async (request: { query: unknown; auth?: { user: { id: string } } | null }) => {
    const query = parseInput(profileListQuerySchema, request.query, "query");
    if (query.handle !== undefined) return { userId: (await userOf(query.handle)).id, page: query.page };
    if (!request.auth) throw unauthorized();
    return { userId: request.auth.user.id, page: query.page };
  };

  app.get("/api/profiles/followers", async (request) => {
    const { userId, page } = await listOwner(request);
    return followList(db, viewerOf(request), userId, "followers", page);
  });

  app.get("/api/profiles/following", async (request) => {
    const { userId, page } = await listOwner(request);
    return followList(db, viewerOf(request), userId, "following", page);
  });

  app.get("/api/profiles/top_clips", async (request) => {
    const { userId } = await listOwner(request);
    return { clips: await topClips(db, viewerOf(request), userId) };
  });

  app.post("/api/profiles/follow", async (request) => {
    const user = requireUser(request);
    const { handle, unfollow } = parseInput(followBodySchema, request.body);
    const target = await userOf(handle);
    if (target.id === user.id) throw badRequest(PROFILE_MESSAGES.followSelf);
    const followers = await setFollowing(db, user.id, target.id, !unfollow);
    if (!unfollow) await raiseFollow(raiseContext(db, request), user.id, target.id);
    return { handle: target.handle, is_following: !unfollow, num_followers: followers };
  });

  app.put("/api/profiles/me", async (request) => {
    const user = requireUser(request);
    const body = parseInput(editProfileBodySchema, request.body);
    await editProfile(db, storage, user.id, body);
    const fresh = await db
      .selectFrom("users")
      .select("handle")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    return findProfile(db, user.id, fresh.handle);
  });

  app.get("/api/media/avatars/:user_id.jpg", async (request, reply) => {
    const { user_id } = parseInput(userIdParamsSchema, request.params, "path");
    const row = await db
      .selectFrom("users")
      .select("avatar_key")
      .where("id", "=", user_id)
      .executeTakeFirst();
    if (!row?.avatar_key) throw notFound("No avatar");
    const { size } = parseInput(imageSizeQuerySchema, request.query, "query");
    const key = size ? await imageAtSize(storage, row.avatar_key, size) : row.avatar_key;
    return sendStored(storage, key, request.headers.range, reply);
  });
}
