import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { DEFAULT_STYLES, recommendStyles, STYLE_COOCCURRENCE } from "../../generator/lyrics/style-lexicon.ts";
import { clipIdParamsSchema } from "../../shared/api/clips.ts";
import {
  type CommercialRightsResponse,
  type ExperimentResponse,
  experimentBodySchema,
  type GenerateEndpoint,
  type GenerationMatrix,
  type RecommendStylesResponse,
  type RecommendTagsResponse,
  recommendTagsBodySchema,
  SEARCHABLE_TYPES,
  type SearchQuery,
  type SearchResponse,
  searchBodySchema,
} from "../../shared/api/create-support.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { findVisibleClip } from "../clips/clip-repository.ts";
import { commercialRights } from "../create-support/commercial-rights.ts";
import { GENERATION_MATRIX } from "../create-support/generation-matrix.ts";
import { remoteSettings, settingKey } from "../create-support/remote-settings.ts";
import { searchSongs } from "../create-support/song-search.ts";
import type { Database } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import { searchPersonas } from "../personas/persona-search.ts";
import { findMyPlaylists } from "../playlists/playlist-store.ts";

/** The create page's smaller calls: styles, the matrix, rights, settings, search. */
export function registerCreateSupportRoutes(
  app: FastifyInstance,
  deps: { readonly db: Kysely<Database>; readonly generateEndpoint?: GenerateEndpoint },
): void {
  const { db } = deps;
  const settings = remoteSettings(deps.generateEndpoint);

  app.get(
    "/api/generate/get_recommend_styles",
    async (): Promise<RecommendStylesResponse> => ({
      default_styles: [...DEFAULT_STYLES],
      co_existing_styles_dict: Object.fromEntries(
        Object.entries(STYLE_COOCCURRENCE).map(([style, others]) => [style, [...others]]),
      ),
    }),
  );

  app.post("/api/tags/recommend", async (request): Promise<RecommendTagsResponse> => {
    const { tags } = parseInput(recommendTagsBodySchema, request.body);
    const styles = (typeof tags === "string" ? tags.split(",") : tags)
      .map((tag) => tag.trim())
      .filter(Boolean);
    return { recommended_tags: recommendStyles(styles) };
  });

  app.get("/api/generate/matrix", async (): Promise<GenerationMatrix> => GENERATION_MATRIX);

  app.get(
    "/api/clips/:clip_id/commercial_rights_eligible/",
    async (request): Promise<CommercialRightsResponse> => {
      const user = requireUser(request);
      const { clip_id } = parseInput(clipIdParamsSchema, request.params, "path");
      const clip = await findVisibleClip(db, user.id, clip_id);
      return commercialRights(db, user, clip);
    },
  );

  app.post("/api/statsig/experiment/", async (request): Promise<ExperimentResponse> => {
    const body = parseInput(experimentBodySchema, request.body);
    const value = settings.get(settingKey(body.layer_name, body.parameter_name));
    // A setting held with another type than asked answers the caller's default rather than surprise it.
    const data = value !== undefined && typeof value === body.parameter_type ? value : body.parameter_default;
    return { success: true, data };
  });

  app.post("/api/search/", async (request): Promise<SearchResponse> => {
    const { search_queries } = parseInput(searchBodySchema, request.body);
    const viewerId = request.auth?.user.id ?? null;
    const answer = async (query: SearchQuery) => {
      const window = { offset: query.from_index, limit: query.size };
      const page = (result: unknown[], total: number) => ({
        result,
        from_index: query.from_index,
        page_size: query.size,
        total_hits: total,
      });
      switch (query.search_type) {
        case "public_persona":
        case "library_persona":
        case "public_song":
        case "library_song": {
          const scope = query.search_type.startsWith("public_") ? "public" : "library";
          if (scope === "library") requireUser(request);
          const search = { scope, term: query.term, rankBy: query.rank_by, ...window } as const;
          if (query.search_type.endsWith("_persona")) {
            const found = await searchPersonas(db, viewerId, search);
            return page(found.personas, found.total);
          }
          const found = await searchSongs(db, viewerId, search);
          return page(found.clips, found.total);
        }
        case "library_playlist": {
          const user = requireUser(request);
          const found = await findMyPlaylists(db, user.id, { ...window, query: query.term || undefined });
          return page(found.playlists, found.total);
        }
        default:
          throw badRequest(
            `Search type ${query.search_type} is not available here: use ${SEARCHABLE_TYPES.join(", ")}`,
          );
      }
    };
    const results = await Promise.all(
      search_queries.map(async (query) => [query.name, await answer(query)] as const),
    );
    return { result: Object.fromEntries(results) };
  });
}
