import { z } from "zod";
import { PLAN_KEYS } from "./accounts.ts";

/** The paid plans one can upgrade to. */
export const PAID_PLANS = ["pro", "premier"] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** How upgrades happen on this server (UPGRADE_METHOD): staff approve requests, or people redeem codes. */
export const UPGRADE_METHODS = ["request", "code"] as const;
export type UpgradeMethod = (typeof UPGRADE_METHODS)[number];

/** Credit packs the buy-credits modal offers. */
export const CREDIT_PACKS = [500, 2000, 5000] as const;

export const PAST_DUE_MESSAGE = "Subscription past due.";
export const LOCKED_DETAIL = "Your account requires support assistance";

export const ledgerEntrySchema = z.object({
  id: z.number(),
  kind: z.enum(["reserve", "refund", "grant"]),
  delta: z.number(),
  balance_after: z.number(),
  reason: z.string(),
  clip_ids: z.array(z.string()),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const upgradeRequestSchema = z.object({
  id: z.string(),
  plan_key: z.enum(PAID_PLANS).nullable(),
  credits: z.number(),
  status: z.enum(["pending", "approved", "denied"]),
  created_at: z.string(),
});
export type UpgradeRequest = z.infer<typeof upgradeRequestSchema>;

/** GET /api/account: the account page's state. */
export const accountViewSchema = z.object({
  email: z.string(),
  handle: z.string(),
  plan_key: z.enum(PLAN_KEYS),
  credits: z.number(),
  subscription: z.object({
    status: z.enum(["active", "past_due", "cancelled_at_period_end", "none"]),
    /** When a cancelled plan ends. */
    ends_at: z.string().nullable(),
  }),
  upgrade_method: z.enum(UPGRADE_METHODS),
  pending_request: upgradeRequestSchema.nullable(),
  ledger: z.array(ledgerEntrySchema),
  terms_version: z.string().nullable(),
});
export type AccountView = z.infer<typeof accountViewSchema>;

export const upgradeRequestBodySchema = z
  .object({
    plan_key: z.enum(PAID_PLANS).optional(),
    credits: z
      .number()
      .int()
      .refine((credits) => (CREDIT_PACKS as readonly number[]).includes(credits), {
        message: `Credit packs are ${CREDIT_PACKS.join(", ")}`,
      })
      .optional(),
  })
  .refine((body) => body.plan_key !== undefined || body.credits !== undefined, {
    message: "Ask for a plan, credits or both",
  });
export type UpgradeRequestBody = z.infer<typeof upgradeRequestBodySchema>;

export const redeemBodySchema = z.object({
  code: z
    .string()
    .trim()
    .min(4, "Enter the code you were given")
    .max(64)
    .transform((code) => code.toUpperCase()),
});

export const CODE_NOT_VALID = "That code is not valid";
export const CODE_USED = "That code has already been used";
export const CODE_EXPIRED = "That code has expired";

export const handleAvailabilityQuerySchema = z.object({ handle: z.string().max(60) });
export const handleAvailabilitySchema = z.object({
  available: z.boolean(),
  /** Why not, when not. */
  reason: z.string().nullable(),
});
export type HandleAvailability = z.infer<typeof handleAvailabilitySchema>;

export const changeEmailBodySchema = z.object({
  email: z.email("Enter a valid email address").max(254),
  password: z.string().min(1, "Enter your current password").max(200),
});

export const changePasswordBodySchema = z.object({
  current_password: z.string().min(1, "Enter your current password").max(200),
  new_password: z.string().max(200),
});

/** What happens to a deleted account's songs and personas: removed, or kept anonymised (public ones). */
export const KEEP_OR_REMOVE = ["remove", "keep_anonymised"] as const;
export const deleteAccountBodySchema = z.object({
  password: z.string().min(1, "Enter your password to delete your account").max(200),
  songs: z.enum(KEEP_OR_REMOVE),
  personas: z.enum(KEEP_OR_REMOVE),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

export const PERSONA_ROOT_DELETE_DETAIL =
  "Clip could not be deleted. Your personas are made from your songs: remove your personas too, or keep your songs.";

export const acceptTermsBodySchema = z.object({ version: z.string().min(1).max(64) });

export const legalDocumentSchema = z.object({
  /** A short hash of the text: what an acceptance records. */
  version: z.string(),
  markdown: z.string(),
  /** Whether the operator wrote it (a file under DATA_DIR) or it is the shipped default. */
  source: z.enum(["operator", "default"]),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
