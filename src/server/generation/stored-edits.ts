// Edit mode's crop and fade made from the source's stored bytes, in this process, when the song is
// kept as a 16-bit WAV at the generator's rate: no decode, no generator thread, no full re-encode
// (see stored-cut.ts). Any other stored audio goes through the generator's decoded path.
import type { Kysely } from "kysely";
import { cuttable, type StoredCut, storedCut } from "../../generator/tasks/stored-cut.ts";
import type { Database } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";
import { referenceClip, storedReference } from "./reference-audio.ts";
import { buildSongRequest } from "./song-request-builder.ts";
import type { StoredPlan } from "./stored-plan.ts";

/** The edit of a crop or fade plan cut from its source's bytes, or null when it cannot be. */
export async function storedAudioEdit(
  db: Kysely<Database>,
  storage: Storage,
  plan: StoredPlan,
  seed: number,
): Promise<StoredCut | null> {
  if (!plan.sourceClipId || (plan.task !== "edit_crop" && plan.task !== "edit_fade")) return null;
  const stored = await storedReference(db, storage, plan.sourceClipId);
  if (!cuttable(plan.task, stored.bytes)) return null;
  // The source's audio is read from its bytes by the cut, never decoded.
  const source = referenceClip(stored, { sampleRate: 0, channels: [] });
  return storedCut(await buildSongRequest(db, storage, plan, seed, source), stored.bytes);
}
