import { z } from "zod";
import { PLAN_KEYS, type PlanKey } from "./accounts.ts";
import { downloadUsageSchema } from "./clip-media.ts";

export { type DownloadUsage, downloadUsageSchema } from "./clip-media.ts";

/** The credits needed to create; one generation costs this much. */
export const CREATE_CREDIT_COST = 10;
/** The 402 text for a generation without enough credits. */
export const NOT_ENOUGH_CREDITS_DETAIL = `Need at least ${CREATE_CREDIT_COST} credits to create.`;

/** Credits a plan includes each month (shown as monthly_limit; our numbers). */
export const PLAN_MONTHLY_CREDITS: Record<PlanKey, number> = { free: 50, pro: 2500, premier: 10_000 };

/** Downloads of other people's songs per month on the free plan; paid plans and staff are unlimited. */
export const FREE_MONTHLY_DOWNLOADS = 10;

/** The texts the create form checks against the chosen model. */
export interface ModelMaxLengths {
  /** Simple mode's song description. */
  readonly gpt_description_prompt: number;
  /** Lyrics. */
  readonly prompt: number;
  /** Styles. */
  readonly tags: number;
  readonly title: number;
  /** Excluded styles: the same for every model (negative tags have one fixed limit). */
  readonly negative_tags: number;
}

export const MODEL_TIERS = ["V3", "V3.5", "V4", "V4.5", "V4.5+", "V5"] as const;
export type ModelTier = (typeof MODEL_TIERS)[number];

export interface ModelDefinition {
  readonly external_key: string;
  readonly tier: ModelTier;
  /** The lowest plan that may use it; staff and the skip-paywall flag may use every model. */
  readonly minimum_plan: PlanKey;
  readonly max_lengths: ModelMaxLengths;
}

const NEGATIVE_TAGS_MAX = 1000;
/** Our numbers: older models take shorter texts than the bird-named ones. */
const OLDER_MODEL_LENGTHS: ModelMaxLengths = {
  gpt_description_prompt: 200,
  prompt: 3000,
  tags: 200,
  title: 100,
  negative_tags: NEGATIVE_TAGS_MAX,
};
const NEWER_MODEL_LENGTHS: ModelMaxLengths = {
  gpt_description_prompt: 500,
  prompt: 5000,
  tags: 1000,
  title: 100,
  negative_tags: NEGATIVE_TAGS_MAX,
};

/**
 * The models, oldest first, with their upstream keys. Paid plans unlock V4 and later (the library checks V4 and Auk
 * as paid feature permissions).
 */
export const MODELS: readonly ModelDefinition[] = [
  { external_key: "chirp-v3-0", tier: "V3", minimum_plan: "free", max_lengths: OLDER_MODEL_LENGTHS },
  { external_key: "chirp-v3-5", tier: "V3.5", minimum_plan: "free", max_lengths: OLDER_MODEL_LENGTHS },
  { external_key: "chirp-v4", tier: "V4", minimum_plan: "pro", max_lengths: OLDER_MODEL_LENGTHS },
  { external_key: "chirp-v4-5", tier: "V4.5", minimum_plan: "pro", max_lengths: NEWER_MODEL_LENGTHS },
  { external_key: "chirp-v4-5-plus", tier: "V4.5+", minimum_plan: "pro", max_lengths: NEWER_MODEL_LENGTHS },
  { external_key: "chirp-crow", tier: "V5", minimum_plan: "pro", max_lengths: NEWER_MODEL_LENGTHS },
];

export const modelByKey = (key: string): ModelDefinition | undefined =>
  MODELS.find((model) => model.external_key === key);

/**
 * The tier-from-key rule. "chirp-v3-5" contains "v3", so V3.5 is matched before V3; the spec's
 * catch-all is V3.5.
 */
export function modelTierFromKey(key: string): ModelTier {
  if (key.includes("v5") || key.includes("crow")) return "V5";
  if (key.includes("v4-5-plus") || key.includes("bluejay")) return "V4.5+";
  if (key.includes("v4-5") || key.includes("auk")) return "V4.5";
  if (key.includes("v4")) return "V4";
  if (key.includes("v3-5")) return "V3.5";
  if (key.includes("v3")) return "V3";
  return "V3.5";
}

export const PLAN_RANK: Record<PlanKey, number> = { free: 0, pro: 1, premier: 2 };

export const billingModelSchema = z.object({
  external_key: z.string(),
  /** Display name: the tier, e.g. "V4.5+". */
  name: z.string(),
  can_use: z.boolean(),
  max_lengths: z.object({
    gpt_description_prompt: z.number().int(),
    prompt: z.number().int(),
    tags: z.number().int(),
    title: z.number().int(),
    negative_tags: z.number().int(),
  }),
});
export type BillingModel = z.infer<typeof billingModelSchema>;

export const billingModelsResponseSchema = z.object({ models: z.array(billingModelSchema) });
export type BillingModelsResponse = z.infer<typeof billingModelsResponseSchema>;

/** GET /api/billing/info/. */
export const billingInfoSchema = z.object({
  total_credits_left: z.number().int(),
  /**
   * The upstream service's plan period, which its clients parse as a number or null: always null
   * here, where every plan counts by the calendar month of billing_period.
   */
  period: z.null(),
  /** The current billing month (UTC): monthly_usage counts within it. ISO 8601, end exclusive. */
  billing_period: z.object({ start: z.string(), end: z.string() }),
  /** Credits the plan includes per month. */
  monthly_limit: z.number().int(),
  /** Credits spent on generations this period, net of refunds. */
  monthly_usage: z.number().int(),
  plan_key: z.enum(PLAN_KEYS),
  is_staff: z.boolean(),
  models: z.array(billingModelSchema),
});
export type BillingInfo = z.infer<typeof billingInfoSchema>;

/** GET /api/billing/download-usage. */
export const downloadUsageQuerySchema = z.object({ clip_id: z.uuid("Clip ids are UUIDs").optional() });
export type DownloadUsageQuery = z.infer<typeof downloadUsageQuerySchema>;

/**
 * POST /api/billing/clips/{clip_id}/download/: counts an MP3 download against the quota (a 403 when
 * none is left) and answers where to fetch the file, with the usage after it.
 */
export const clipDownloadResponseSchema = downloadUsageSchema.extend({ download_url: z.string().nullable() });
export type ClipDownloadResponse = z.infer<typeof clipDownloadResponseSchema>;

/** The quota rule, for pages and server alike. */
export function mayDownload(usage: z.infer<typeof downloadUsageSchema>): boolean {
  return usage.clip_owned_by_user || usage.has_unlimited_downloads || (usage.downloads_remaining ?? 0) > 0;
}
