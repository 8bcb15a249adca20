import type { Kysely } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import {
  CLIP_NOT_COMPLETE,
  type EditCropBody,
  type EditFadeBody,
  type EditSpeedBody,
} from "../../shared/api/edit.ts";
import type { Database, User } from "../db/schema.ts";
import type { JobSubmission } from "../generation/job-store.ts";
import { hasPaidPlan, modelOf, sourceWithModel } from "../generation/library-actions.ts";
import { generatorVersion } from "../generation/model-choice.ts";
import { clipSeeds } from "../generation/seeds.ts";
import { basePlan, type StoredPlan } from "../generation/stored-plan.ts";
import { badRequest, forbidden } from "../http/errors.ts";

/** Edit mode is a Pro and Premier feature (staff and skip-paywall pass). */
export const EDIT_MODE_NOT_ALLOWED = "Edit mode is for Pro and Premier plans. Upgrade to edit your songs.";
/** A range may end this little past the song's stored duration (its rounding). */
const END_SLACK_S = 0.01;
/** Seconds as messages show them: to the hundredth. */
const roundSeconds = (seconds: number) => Math.round(seconds * 100) / 100;

type EditTask = "edit_crop" | "edit_fade" | "edit_speed";
type EditPlan = Pick<StoredPlan, "edit" | "speed">;

/** The song to edit: the caller's own, complete (else 'Clip is not complete'), not trashed. */
async function editableSource(db: Kysely<Database>, user: User, clipId: string) {
  if (!hasPaidPlan(user)) throw forbidden(EDIT_MODE_NOT_ALLOWED);
  const clip = await sourceWithModel(db, user.id, clipId, { notCompleteMessage: CLIP_NOT_COMPLETE });
  const row = await db
    .selectFrom("clips")
    .select("project_id")
    .where("id", "=", clip.id)
    .executeTakeFirstOrThrow();
  const duration = clip.duration;
  if (duration === null || duration <= 0) throw badRequest("This song has no known duration to edit");
  return { ...clip, duration, projectId: row.project_id };
}

/** A range of the song in seconds, refused unless it lies within it. */
function checkRange(what: string, start: number, end: number, duration: number): void {
  if (end > duration + END_SLACK_S) {
    throw badRequest(`The ${what} range must lie within the song (0 to ${roundSeconds(duration)} s)`);
  }
  if (end - start <= 0) throw badRequest(`The ${what} range must end after it starts`);
}

function checkFadeOut(seconds: number, length: number): void {
  if (seconds > length + END_SLACK_S) {
    throw badRequest(
      `The fade-out (${roundSeconds(seconds)} s) is longer than the song (${roundSeconds(length)} s)`,
    );
  }
}

/** The job of one edit: a new clip of the caller's, in the source's workspace, free of credits. */
function editSubmission(
  user: User,
  source: Awaited<ReturnType<typeof editableSource>>,
  task: EditTask,
  edit: EditPlan,
  metadata: { readonly type: ClipMetadata["type"]; readonly duration: number },
): JobSubmission {
  const model = modelOf(source);
  const plan: StoredPlan = {
    ...basePlan(task, generatorVersion(model)),
    title: source.title,
    tags: source.metadata.tags ?? "",
    sourceClipId: source.id,
    ...edit,
  };
  return {
    user,
    kind: "edit",
    modelKey: model.external_key,
    majorModelVersion: model.tier.toLowerCase(),
    plan,
    credits: 0,
    reason: task,
    clips: [
      {
        title: source.title,
        seed: clipSeeds(null, 1)[0],
        rootClipId: source.id,
        projectId: source.projectId,
        metadata: {
          type: metadata.type,
          task,
          tags: source.metadata.tags ?? null,
          prompt: source.metadata.prompt ?? null,
          has_vocal: source.metadata.has_vocal ?? null,
          edited_clip_id: source.id,
          duration: metadata.duration,
        },
      },
    ],
  };
}

/** Crop: keep crop_start_s..crop_end_s, or remove it; then an optional fade-out at the new end. */
export async function cropSubmission(
  db: Kysely<Database>,
  user: User,
  clipId: string,
  body: EditCropBody,
): Promise<JobSubmission> {
  const source = await editableSource(db, user, clipId);
  const { crop_start_s: start, crop_end_s: end } = body;
  checkRange("crop", start, end, source.duration);
  const remove = body.is_crop_remove === true;
  const length = remove ? source.duration - Math.min(end, source.duration) + start : end - start;
  if (length <= 0) throw badRequest("Removing the whole song leaves nothing");
  const fadeOutSeconds = body.fade_out_time ?? 0;
  checkFadeOut(fadeOutSeconds, length);
  return editSubmission(
    user,
    source,
    "edit_crop",
    { edit: { range: { start, end }, remove, fadeOutSeconds }, speed: null },
    { type: "edit_crop", duration: length },
  );
}

/** Fade-out: the song's last fade_out_time seconds fade to silence. */
export async function fadeSubmission(
  db: Kysely<Database>,
  user: User,
  clipId: string,
  body: EditFadeBody,
): Promise<JobSubmission> {
  const source = await editableSource(db, user, clipId);
  checkFadeOut(body.fade_out_time, source.duration);
  return editSubmission(
    user,
    source,
    "edit_fade",
    { edit: { range: null, remove: false, fadeOutSeconds: body.fade_out_time }, speed: null },
    { type: "edit_fade", duration: source.duration },
  );
}

/** Speed: the song, or change_speed_start_time..end_time of it, speed_factor times as fast. */
export async function speedSubmission(
  db: Kysely<Database>,
  user: User,
  clipId: string,
  body: EditSpeedBody,
): Promise<JobSubmission> {
  const source = await editableSource(db, user, clipId);
  const start = body.change_speed_start_time ?? 0;
  const end = body.change_speed_end_time ?? source.duration;
  checkRange("speed", start, end, source.duration);
  const whole = start <= 0 && end >= source.duration;
  const span = Math.min(end, source.duration) - start;
  const factor = body.speed_factor;
  return editSubmission(
    user,
    source,
    "edit_speed",
    {
      edit: { range: whole ? null : { start, end }, remove: false, fadeOutSeconds: 0 },
      speed: { multiplier: factor, keepPitch: body.tempo_only },
    },
    { type: "gen", duration: source.duration - span + span / factor },
  );
}
