import type { Kysely } from "kysely";
import { CREATE_CREDIT_COST, MODELS, modelByKey } from "../../shared/api/billing.ts";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import {
  type AdjustSpeedBody,
  type ConcatBody,
  REMASTER_DURATION_MAX_S,
  REMASTER_NOT_ALLOWED,
  REMASTER_TITLE_MAX,
  REMASTER_TITLE_TOO_LONG,
  type UpsampleBody,
} from "../../shared/api/generate.ts";
import { isPaywallExempt } from "../billing/entitlements.ts";
import { isContestBase } from "../contests/contest-store.ts";
import type { Database, User } from "../db/schema.ts";
import { badRequest, HttpError } from "../http/errors.ts";
import type { JobSubmission } from "./job-store.ts";
import { generatorVersion } from "./model-choice.ts";
import { clipSeeds } from "./seeds.ts";
import { basePlan } from "./stored-plan.ts";
import { type UsableClip, usableClip } from "./usable-clips.ts";

export const hasPaidPlan = (user: User) =>
  user.plan_key === "pro" || user.plan_key === "premier" || isPaywallExempt(user);

/** The model a library action runs with: the source clip's, else the newest. */
export function modelOf(clip: UsableClip & { modelName?: string }) {
  return modelByKey(clip.modelName ?? "") ?? MODELS[MODELS.length - 1];
}

export async function sourceWithModel(
  db: Kysely<Database>,
  userId: string,
  clipId: string,
  options: Parameters<typeof usableClip>[3] = {},
) {
  const clip = await usableClip(db, userId, clipId, options);
  const row = await db
    .selectFrom("clips")
    .select("model_name")
    .where("id", "=", clipId)
    .executeTakeFirstOrThrow();
  return { ...clip, modelName: row.model_name };
}

const isInfill = (metadata: ClipMetadata) =>
  metadata.infill === true || (metadata.task ?? "").includes("infill");

type ChainEntry = { clip: UsableClip; continueAt: number | null };

/** A clip's extend chain, oldest first, each with where it continues the one before. */
async function extendChain(db: Kysely<Database>, userId: string, clip: UsableClip): Promise<ChainEntry[]> {
  const chain: ChainEntry[] = [];
  let current: UsableClip = clip;
  const seen = new Set<string>();
  for (;;) {
    const parent = current.metadata.history?.[0];
    if (!parent?.id || seen.has(parent.id)) {
      chain.unshift({ clip: current, continueAt: null });
      return chain;
    }
    seen.add(current.id);
    chain.unshift({ clip: current, continueAt: parent.continue_at ?? null });
    current = await usableClip(db, userId, parent.id);
  }
}

export const CONFIRM_SECTION_ONLY_INFILL = "Confirm Section is for songs with a replaced section";

/**
 * The clips a full song is joined from. Get Full Song: the clip's extend chain. Confirm Section (an
 * infill clip, is_infill): the infill holds its source's whole timeline with the section replaced,
 * so it takes its source's place in the source's chain.
 */
async function fullSongChain(db: Kysely<Database>, userId: string, clip: UsableClip, confirm: boolean) {
  if (!confirm) {
    if (clip.metadata.type === "stem" || isInfill(clip.metadata)) {
      throw badRequest("Get Full Song is not available for stems and replaced sections");
    }
    const chain = await extendChain(db, userId, clip);
    if (chain.length < 2) throw badRequest("This song has no earlier parts to join");
    return chain;
  }
  const sourceId = clip.metadata.history?.[0]?.id;
  if (!isInfill(clip.metadata) || !sourceId) throw badRequest(CONFIRM_SECTION_ONLY_INFILL);
  const chain = await extendChain(db, userId, await usableClip(db, userId, sourceId));
  const replaced = chain[chain.length - 1];
  chain[chain.length - 1] = { clip, continueAt: replaced.continueAt };
  return chain;
}

/** 001 Get Full Song and Confirm Section: the chain joined into one song. */
export async function concatSubmission(
  db: Kysely<Database>,
  user: User,
  body: ConcatBody,
): Promise<JobSubmission> {
  const clip = await sourceWithModel(db, user.id, body.clip_id);
  const chain = await fullSongChain(db, user.id, clip, body.is_infill === true);
  const model = modelOf(clip);
  const plan = {
    ...basePlan("concat", generatorVersion(model)),
    title: clip.title,
    tags: clip.metadata.tags ?? "",
    history: chain.map((entry) => ({ clipId: entry.clip.id, continueAt: entry.continueAt })),
  };
  const metadata: ClipMetadata = {
    type: body.is_infill ? "concat_infilling" : "concat",
    task: "concat",
    tags: clip.metadata.tags ?? null,
    prompt: chain.map((entry) => entry.clip.metadata.prompt ?? "").join("\n"),
    has_vocal: clip.metadata.has_vocal ?? null,
    concat_history: chain.map((entry) => ({
      id: entry.clip.id,
      type: entry.clip.metadata.type ?? "gen",
      continue_at: entry.continueAt,
    })),
  };
  return {
    user,
    kind: "concat",
    modelKey: model.external_key,
    majorModelVersion: model.tier.toLowerCase(),
    plan,
    credits: 0,
    reason: "full song",
    clips: [{ title: clip.title, metadata, seed: clipSeeds(null, 1)[0], rootClipId: chain[0].clip.id }],
  };
}

/** 001 Remaster: a paid feature, titles up to 80 characters, songs up to 960 s. */
export async function upsampleSubmission(
  db: Kysely<Database>,
  user: User,
  body: UpsampleBody,
): Promise<JobSubmission> {
  if (!hasPaidPlan(user)) throw badRequest(REMASTER_NOT_ALLOWED);
  if ((body.title ?? "").length > REMASTER_TITLE_MAX) throw new HttpError(422, REMASTER_TITLE_TOO_LONG);
  const clip = await sourceWithModel(db, user.id, body.clip_id);
  if (isInfill(clip.metadata)) throw badRequest("Replaced sections cannot be remastered");
  if (await isContestBase(db, clip.id)) throw badRequest("Contest songs cannot be remastered");
  if ((clip.duration ?? 0) > REMASTER_DURATION_MAX_S) {
    throw badRequest("Cannot remaster songs longer than 16 minutes");
  }
  const model = (body.model_name ? modelByKey(body.model_name) : undefined) ?? modelOf(clip);
  const title = body.title?.trim() || clip.title;
  const plan = {
    ...basePlan("upsample", generatorVersion(model)),
    title,
    tags: body.tags?.trim() || (clip.metadata.tags ?? ""),
    sourceClipId: clip.id,
    remaster: {
      freedom: body.freedom ?? 0,
      tone: body.tone ?? 0.5,
      clarity: body.clarity ?? 0.5,
      strength: body.strength ?? 0.5,
      stereoWidth: body.stereo_width ?? 0.5,
    },
  };
  const metadata: ClipMetadata = {
    type: "gen",
    task: "upsample",
    upsample_clip_id: clip.id,
    tags: plan.tags,
    prompt: clip.metadata.prompt ?? null,
    has_vocal: clip.metadata.has_vocal ?? null,
  };
  return {
    user,
    kind: "upsample",
    modelKey: model.external_key,
    majorModelVersion: model.tier.toLowerCase(),
    plan,
    credits: CREATE_CREDIT_COST,
    reason: "remaster",
    clips: [{ title, metadata, seed: clipSeeds(null, 1)[0], rootClipId: clip.id }],
  };
}

export const SPEED_OF_UPLOADS = "Cannot adjust speed of uploaded audio and its derivatives";
export const SPEED_OF_VOCALS = "Cannot adjust speed of songs with vocals";

/** Adjust Speed: not for uploaded audio and what was made from it, nor songs with vocals. */
export async function speedSubmission(
  db: Kysely<Database>,
  user: User,
  body: AdjustSpeedBody,
): Promise<JobSubmission> {
  const clip = await sourceWithModel(db, user.id, body.clip_id);
  const type = clip.metadata.type ?? "gen";
  if (type === "upload" || type === "upload_extend" || clip.metadata.task === "upload_extend") {
    throw badRequest(SPEED_OF_UPLOADS);
  }
  if (clip.metadata.has_vocal === true) throw badRequest(SPEED_OF_VOCALS);
  const model = modelOf(clip);
  const keepPitch = body.keep_pitch ?? true;
  const title = body.title?.trim() || clip.title;
  const plan = {
    ...basePlan("speed", generatorVersion(model)),
    title,
    tags: clip.metadata.tags ?? "",
    sourceClipId: clip.id,
    speed: { multiplier: body.speed_multiplier, keepPitch },
  };
  const metadata: ClipMetadata = {
    type: "gen",
    task: "speed",
    tags: clip.metadata.tags ?? null,
    prompt: clip.metadata.prompt ?? null,
    has_vocal: clip.metadata.has_vocal ?? null,
    edited_clip_id: clip.id,
    duration: clip.duration === null ? null : clip.duration / body.speed_multiplier,
  };
  return {
    user,
    kind: "speed",
    modelKey: model.external_key,
    majorModelVersion: model.tier.toLowerCase(),
    plan,
    credits: 0,
    reason: "adjust speed",
    clips: [{ title, metadata, seed: clipSeeds(null, 1)[0], rootClipId: clip.id }],
  };
}
