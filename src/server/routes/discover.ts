import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  type DiscoverResponse,
  discoverBodySchema,
  type FollowingFeedResponse,
  followingFeedBodySchema,
  type MetaplaylistResponse,
  SECTION_ITEMS,
  SECTIONS_PER_PAGE,
} from "../../shared/api/discovery.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { clipMediaUrl } from "../clips/media-urls.ts";
import type { Database } from "../db/schema.ts";
import { followingFeed } from "../discovery/following-feed.ts";
import { DiscoverContext, loadSection, sectionCatalogue, sectionTitle } from "../discovery/sections.ts";
import { trendingSongs } from "../discovery/trending-songs.ts";
import { badRequest } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";

/** Songs in each trending list of the metaplaylist. */
const METAPLAYLIST_SONGS = 20;

/** The home page's discover sections, the trending lists as playlists, and the following feed. */
export function registerDiscoverRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post("/api/discover/", async (request): Promise<DiscoverResponse> => {
    const body = parseInput(discoverBodySchema, request.body);
    const context = new DiscoverContext(
      db,
      request.auth?.user.id ?? null,
      Math.random,
      !body.disable_shuffle,
    );
    const catalogue = await sectionCatalogue(context);
    if (body.section_name) {
      const content = body.section_content || null;
      if (body.section_name === "trending_genre" && !content)
        throw badRequest("A trending_genre section needs its genre in section_content");
      const section = await loadSection(
        context,
        { name: body.section_name, content: body.section_name === "trending_genre" ? content : null },
        { offset: body.start_index ?? 0, limit: body.page_size ?? SECTION_ITEMS },
      );
      return { sections: [section], total_sections: catalogue.length };
    }
    const paged = body.page !== undefined || body.section_size !== undefined;
    const count = (paged ? body.section_size : body.page_size) ?? SECTIONS_PER_PAGE;
    const start = paged ? ((body.page ?? 1) - 1) * count : (body.start_index ?? 0);
    const sections = [];
    // One after another: each is a few indexed reads, and the embedded database runs one at a time anyway.
    for (const ref of catalogue.slice(start, start + count)) {
      sections.push(await loadSection(context, ref, { offset: 0, limit: SECTION_ITEMS }));
    }
    return { sections, total_sections: catalogue.length };
  });

  app.get("/api/trending/metaplaylist/", async (request): Promise<MetaplaylistResponse> => {
    const viewerId = request.auth?.user.id ?? null;
    const context = new DiscoverContext(db, viewerId, Math.random, false);
    const lists = (await sectionCatalogue(context)).filter(
      (ref) => ref.name === "trending_songs" || ref.name === "trending_genre",
    );
    const playlists = [];
    for (const ref of lists) {
      const songs = await trendingSongs(db, viewerId, {
        offset: 0,
        limit: METAPLAYLIST_SONGS,
        genres: ref.content ? [ref.content] : undefined,
      });
      const first = songs[0];
      playlists.push({
        id: ref.content ? `trending-${ref.content}` : "trending",
        name: sectionTitle(ref),
        section_name: ref.name,
        section_content: ref.content,
        image_url: first ? clipMediaUrl(first.id, "image", first.image_key) : null,
        clip_ids: songs.map((song) => song.id),
      });
    }
    return { playlists };
  });

  app.post("/api/social/following-feed/", async (request): Promise<FollowingFeedResponse> => {
    const user = requireUser(request);
    return followingFeed(db, user.id, parseInput(followingFeedBodySchema, request.body));
  });
}
