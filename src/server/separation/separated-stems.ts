// Get Stems for a song without the generator's parts (an upload, a recording, an external model's
// song): four stem clips made at once, waiting (status submitted), and a queued job that separates
// the song and fills them in (separation-service.ts). The song itself is only read.
import type { Kysely } from "kysely";
import type { StemType } from "../../shared/api/stem-types.ts";
import { decodeAudio, readStored } from "../clips/clip-audio.ts";
import type { Database, User } from "../db/schema.ts";
import { createStemClips, existingStemClips, type NewStemClip } from "../generation/stem-clips.ts";
import type { UsableClip } from "../generation/usable-clips.ts";
import { HttpError } from "../http/errors.ts";
import { enqueueJobs } from "../jobs/job-queue.ts";
import type { Storage } from "../storage/storage.ts";
import { SEPARATED_STEMS, type SeparatedStem } from "./separate-audio.ts";
import { SEPARATE_STEMS_JOB, type SeparateStemsPayload } from "./separation-job.ts";

export const SILENT_SONG = "This song is silent: there is nothing to separate into stems";
export const UNREADABLE_AUDIO = "This song's audio could not be read, so it cannot be separated into stems";

/** Peaks at or under this (-80 dBFS) are silence: nothing a listener hears, nothing to separate. */
const SILENCE_PEAK = 1e-4;

/** The separation's stems as stem types; the rest of the mix has no one type and is labelled Other. */
const SEPARATED_TYPES: Record<SeparatedStem, StemType | { readonly label: string }> = {
  vocals: "Vocals",
  drums: "Drums",
  bass: "Bass",
  other: { label: "Other" },
};

async function checkAudible(storage: Storage, song: UsableClip): Promise<void> {
  let peak = 0;
  try {
    const audio = await decodeAudio(await readStored(storage, song.audioKey));
    for (const channel of audio.channels) {
      for (const sample of channel) peak = Math.max(peak, Math.abs(sample));
    }
  } catch {
    throw new HttpError(422, UNREADABLE_AUDIO);
  }
  if (!(peak > SILENCE_PEAK)) throw new HttpError(422, SILENT_SONG);
}

/**
 * Makes the song's four stem clips and queues their separation, once: the transaction holds the
 * song's row, so of two calls at once the second finds the first's clips. Answers the clip ids.
 */
export async function separatedStemClips(
  db: Kysely<Database>,
  storage: Storage,
  user: User,
  song: UsableClip,
): Promise<string[]> {
  await checkAudible(storage, song);
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("clips").select("id").where("id", "=", song.id).forUpdate().execute();
    const raced = await existingStemClips(trx, user.id, song.id);
    if (raced.length > 0) return raced.map((row) => row.id);
    const stems: (NewStemClip & { name: SeparatedStem })[] = SEPARATED_STEMS.map((name) => ({
      id: crypto.randomUUID(),
      name,
      type: SEPARATED_TYPES[name],
      status: "submitted",
      audioKey: null,
    }));
    await createStemClips(trx, song, stems);
    const payload: SeparateStemsPayload = {
      songId: song.id,
      userId: user.id,
      audioKey: song.audioKey,
      stems: stems.map((stem) => ({ clipId: stem.id, name: stem.name })),
    };
    await enqueueJobs(trx, [{ kind: SEPARATE_STEMS_JOB, payload }]);
    return stems.map((stem) => stem.id);
  });
}
