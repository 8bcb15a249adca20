import { z } from "zod";
import { languageSchema } from "../i18n/languages.ts";

/** Tiers: Basic shows as free; Pro and Premier are paid. */
export const PLAN_KEYS = ["free", "pro", "premier"] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

/** The feature flags the specs name, granted per user. */
export const FEATURE_FLAGS = [
  "studio",
  "persona-search",
  "under-over-painting",
  "upsample",
  "remaster-modal",
  "edit-mode-ui",
  "profile-pins",
  "skip-paywall",
  "personas-audio-upload",
  "remix-contest-disable-downloads",
  "web-hooks-2025",
  "download-sample-pack",
  "enable-sharelist-and-share-notifications",
  "download_gating",
  "enable-marketplace",
  "artist-profiles",
  "event-subscribers",
  "collab-workspaces",
  "enable-m4a-audio",
  "queue-auto-refresh",
  "playlist-condition",
  "create-v2-page",
  "create-form",
  "allow-v3-5-override",
  "multi-root-persona",
  /** The privacy-mode gate turns the persona Public toggle's default off. */
  "privacy-mode",
  /** "vox persona needs a flag" (its name is not given). */
  "vox-persona",
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** Audio upload lengths in seconds: 1 minute, or 8 with the long-uploads permission (paid tiers, staff, skip-paywall). */
export const UPLOAD_SECONDS = { min: 6, max: 60, longMax: 480 } as const;

export const HANDLE_PATTERN = /^[A-Za-z0-9_]{3,30}$/;

export const signupBodySchema = z.object({
  email: z.email("Enter a valid email address").max(254),
  password: z.string().min(8, "Passwords need at least 8 characters").max(200),
  handle: z
    .string()
    .regex(HANDLE_PATTERN, "Handles are 3 to 30 letters, digits or underscores")
    .transform((handle) => handle.replace(/^@/, "")),
  displayName: z.string().trim().min(1).max(60).optional(),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginBodySchema = z.object({
  email: z.string().min(1).max(254),
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** What the pages read about who is signed in; `user` is null when nobody is. */
export const sessionSchema = z.object({
  user: z.object({ id: z.string(), handle: z.string() }).nullable(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  userPlanKey: z.enum(PLAN_KEYS),
  roles: z.object({ pro: z.boolean() }),
  isStaff: z.boolean(),
  flags: z.record(z.string(), z.boolean()),
  audioUploadLimits: z.object({ min: z.number(), max: z.number() }),
  /** The language a signed-in person chose for the pages; null when they never chose (the browser's then). */
  language: languageSchema.nullable().optional(),
});
export type Session = z.infer<typeof sessionSchema>;

export const authResponseSchema = z.object({ token: z.string(), session: sessionSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
