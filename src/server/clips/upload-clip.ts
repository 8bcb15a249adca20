import type { Kysely } from "kysely";
import type { ClipMetadata } from "../../shared/api/clips.ts";
import type { Database, UploadRow } from "../db/schema.ts";
import { conflict, notFound } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import { transitionUpload } from "../uploads/upload-store.ts";
import { UNTITLED } from "../uploads/upload-title.ts";
import { createClip } from "./clip-store.ts";

/** The exact text shown when a processed upload cannot become a clip. */
export const INVALID_UPLOAD = "Invalid upload. Please try again.";

/**
 * Makes the clip for a processed upload, once: a repeated call answers the
 * same clip. The upload row is locked meanwhile, so two concurrent calls
 * cannot make two clips.
 */
export async function initializeUploadClip(
  db: Kysely<Database>,
  storage: Storage,
  upload: UploadRow,
  context: Record<string, unknown>,
): Promise<string> {
  if (upload.clip_id) return upload.clip_id;
  if (upload.status !== "complete") {
    throw conflict(
      upload.status === "uploading" || upload.status === "initializing"
        ? "The upload is still being processed"
        : upload.status === "cancelled"
          ? "This upload was cancelled"
          : INVALID_UPLOAD,
    );
  }
  // The audio may have gone since (storage emptied by hand): the upload is then spent.
  if (!upload.audio_key || !(await storage.stat(upload.audio_key))) {
    await transitionUpload(db, upload.id, ["complete"], {
      status: "invalid_upload",
      error_message: INVALID_UPLOAD,
    });
    throw conflict(INVALID_UPLOAD);
  }
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", upload.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.clip_id) return locked.clip_id;
    if (locked.status !== "complete") throw conflict(INVALID_UPLOAD);
    const metadata: ClipMetadata = {
      type: "upload",
      duration: locked.duration_s,
      has_vocal: locked.has_vocal,
    };
    const clip = await createClip(trx, {
      userId: locked.user_id,
      title: locked.title || UNTITLED,
      status: "complete",
      audioKey: locked.audio_key,
      metadata,
    });
    await transitionUpload(trx, locked.id, ["complete"], {
      status: "complete",
      clip_id: clip.id,
      clip_context: context,
    });
    return clip.id;
  });
}

/** A stem mix names the song it remixes and the clips it combines: each must be one the user may use. */
export async function checkStemMixSources(
  db: Kysely<Database>,
  userId: string,
  clipIds: readonly string[],
): Promise<void> {
  const unique = [...new Set(clipIds)];
  const usable = await db
    .selectFrom("clips")
    .select("id")
    .where("id", "in", unique)
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("is_public", "=", true)]))
    .where("is_trashed", "=", false)
    .execute();
  const found = new Set(usable.map((row) => row.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw notFound(`Clip ${missing} not found`);
}
