import { z } from "zod";
import { TAGS_MAX } from "./clips.ts";

/** GET /api/generate/get_recommend_styles. */
export const recommendStylesResponseSchema = z.object({
  default_styles: z.array(z.string()),
  /** For each style, the styles usually written with it. */
  co_existing_styles_dict: z.record(z.string(), z.array(z.string())),
});
export type RecommendStylesResponse = z.infer<typeof recommendStylesResponseSchema>;

/** The longest comma list of styles POST /api/tags/recommend takes: a song's styles' limit. */
export const RECOMMEND_TAGS_TEXT_MAX = TAGS_MAX;

/** POST /api/tags/recommend: the form's styles, as its comma list or as a list. */
export const recommendTagsBodySchema = z.object({
  tags: z.union([
    z.string().max(RECOMMEND_TAGS_TEXT_MAX),
    z.array(z.string().max(100)).max(50, "At most 50 styles"),
  ]),
});
export type RecommendTagsBody = z.infer<typeof recommendTagsBodySchema>;
export const recommendTagsResponseSchema = z.object({ recommended_tags: z.array(z.string()) });
export type RecommendTagsResponse = z.infer<typeof recommendTagsResponseSchema>;

/** GET /api/generate/matrix: the generation body's tunable fields and the sliders' ranges. */
export const generationMatrixSchema = z.object({
  params: z.array(z.object({ field_name: z.string(), type: z.string() })),
  diffusion_params: z.array(
    z.object({ field_name: z.string(), type: z.string(), min: z.number(), max: z.number() }),
  ),
});
export type GenerationMatrix = z.infer<typeof generationMatrixSchema>;

/** Why a download comes without commercial rights. */
export const COMMERCIAL_RIGHTS_REASONS = [
  "not_owner",
  "not_complete",
  "upload",
  "remix_of_other",
  "free_plan",
] as const;
export type CommercialRightsReason = (typeof COMMERCIAL_RIGHTS_REASONS)[number];
export const commercialRightsResponseSchema = z.object({
  eligible: z.boolean(),
  reason: z.enum(COMMERCIAL_RIGHTS_REASONS).nullable(),
});
export type CommercialRightsResponse = z.infer<typeof commercialRightsResponseSchema>;

/** The remote setting that chooses the generation call: v2 unless configured. */
export const GENERATE_ENDPOINT_SETTING = {
  layer_name: "create",
  parameter_name: "generate_endpoint",
} as const;
export const GENERATE_ENDPOINTS = ["v2", "v2-web"] as const;
export type GenerateEndpoint = (typeof GENERATE_ENDPOINTS)[number];

const settingValue = z.union([z.string().max(1000), z.number().finite(), z.boolean()]);

/**
 * POST /api/statsig/experiment/: a remote setting's value; a setting the server does not hold
 * answers the caller's default, so pages keep working when a setting is retired.
 */
export const experimentBodySchema = z
  .object({
    layer_name: z.string().trim().min(1).max(100),
    parameter_name: z.string().trim().min(1).max(100),
    parameter_type: z.enum(["string", "number", "boolean"], "Use string, number or boolean"),
    parameter_default: settingValue,
  })
  .refine((body) => typeof body.parameter_default === body.parameter_type, {
    message: "The default must be of parameter_type",
    path: ["parameter_default"],
  });
export type ExperimentBody = z.infer<typeof experimentBodySchema>;
export const experimentResponseSchema = z.object({ success: z.boolean(), data: settingValue });
export type ExperimentResponse = z.infer<typeof experimentResponseSchema>;
