import type { Kysely } from "kysely";
import type { ReferenceClip, SongRequest } from "../../generator/song-request.ts";
import { storedClipBeats } from "../beats/stored-clip-beats.ts";
import type { Database } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";
import { loadReferenceClip } from "./reference-audio.ts";
import { songTextsFor } from "./simple-mode.ts";
import type { StoredPlan } from "./stored-plan.ts";

/**
 * The generator's request for one clip of a job: the stored plan, its seed, its references' audio
 * (the source's as `source` gives it when given: a task made from its stored bytes passes it undecoded).
 */
export async function buildSongRequest(
  db: Kysely<Database>,
  storage: Storage,
  plan: StoredPlan,
  seed: number,
  source?: ReferenceClip,
): Promise<SongRequest> {
  const load = (clipId: string) => loadReferenceClip(db, storage, clipId);
  const texts = songTextsFor(plan, seed);
  const history = [];
  for (const entry of plan.history)
    history.push({ clip: await load(entry.clipId), continueAt: entry.continueAt });
  const inspirations = [];
  for (const clipId of plan.inspirationClipIds) inspirations.push(await load(clipId));
  // An edit moves its source's audio in time: the source's analysed beats move with it.
  const analysis =
    plan.sourceClipId && EDIT_TASKS.has(plan.task) ? await storedClipBeats(db, plan.sourceClipId) : undefined;
  return {
    seed,
    task: plan.task,
    version: plan.version,
    title: texts.title,
    tags: texts.tags,
    negativeTags: plan.negativeTags,
    lyrics: texts.lyrics,
    instrumental: texts.instrumental,
    durationSeconds: plan.durationSeconds,
    vocalGender: plan.vocalGender,
    weirdness: plan.weirdness,
    styleWeight: plan.styleWeight,
    audioWeight: plan.audioWeight,
    source: source ?? (plan.sourceClipId ? await load(plan.sourceClipId) : null),
    inspirations,
    continueAt: plan.continueAt,
    infill: plan.infill,
    speed: plan.speed,
    history,
    remaster: plan.remaster,
    stem: plan.stem,
    artistRange: plan.artistRange,
    edit: plan.edit,
    ...(analysis ? { analysis } : {}),
  };
}

const EDIT_TASKS: ReadonlySet<string> = new Set(["edit_crop", "edit_fade", "edit_speed"]);
