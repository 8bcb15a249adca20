import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { DEFAULT_STYLES, recommendStyles, STYLE_COOCCURRENCE } from "../../generator/lyrics/style-lexicon.ts";
import { FEATURE_FLAGS } from "../../shared/api/accounts.ts";
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
} from "../../shared/api/create-support.ts";
import { requireUser } from "../auth/auth-plugin.ts";

/** The experiment layer whose parameters are the feature flags. */
const FLAG_LAYER = "feature_flags";

import { findVisibleClip } from "../clips/clip-repository.ts";
import { commercialRights } from "../create-support/commercial-rights.ts";
import { GENERATION_MATRIX } from "../create-support/generation-matrix.ts";
import { remoteSettings, settingKey } from "../create-support/remote-settings.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";

/** The create page's smaller calls: styles, the matrix, rights, settings. */
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
    // The layer "feature_flags" answers a boolean flag as it is for the caller (their own flags and
    // the share staff rolled it out to); signed out, no flag is on.
    const value =
      body.layer_name === FLAG_LAYER && (FEATURE_FLAGS as readonly string[]).includes(body.parameter_name)
        ? (request.auth?.user.flags.includes(body.parameter_name) ?? false)
        : settings.get(settingKey(body.layer_name, body.parameter_name));
    // A setting held with another type than asked answers the caller's default rather than surprise it.
    const data = value !== undefined && typeof value === body.parameter_type ? value : body.parameter_default;
    return { success: true, data };
  });
}
