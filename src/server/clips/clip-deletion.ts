import type { Kysely } from "kysely";
import type { ClipRow, Database } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";
import { sizedImageKeys } from "../images/sized-images.ts";
import type { Storage } from "../storage/storage.ts";
import { lockOwnClips } from "./clip-actions.ts";
import { CONVERTED_FILE_NAMES } from "./converted-downloads.ts";
import { derivedKey, M4A_FILE_NAME } from "./media-urls.ts";
import { WAVEFORM_CACHE_NAME } from "./waveform-aggregates.ts";

/**
 * POST /api/clips/delete/: deletes the viewer's trashed clips for good (001: only own, trashed
 * songs), then their media that no other clip uses.
 */
export async function deleteClips(
  db: Kysely<Database>,
  storage: Storage,
  viewerId: string,
  ids: readonly string[],
): Promise<{ ids: string[] }> {
  const deleted = await db.transaction().execute(async (tx) => {
    const rows = await lockOwnClips(tx, viewerId, ids);
    if (rows.some((row) => !row.is_trashed)) {
      throw conflict("Clip could not be deleted: move it to the trash first");
    }
    await deleteRows(tx, rows);
    return rows;
  });
  await removeUnusedMedia(db, storage, deleted);
  return { ids: [...new Set(ids)] };
}

const deleteRows = (db: Kysely<Database>, rows: readonly ClipRow[]) =>
  db
    .deleteFrom("clips")
    .where(
      "id",
      "in",
      rows.map((row) => row.id),
    )
    .execute();

/** Deletes clips the server itself made and no longer needs, then their media no other clip uses. */
export async function deleteClipsAndMedia(db: Kysely<Database>, storage: Storage, rows: readonly ClipRow[]) {
  if (rows.length === 0) return;
  await deleteRows(db, rows);
  await removeUnusedMedia(db, storage, rows);
}

/** Media of deleted clips, unless another clip still points at the same object (a copy, a remix). */
export async function removeUnusedMedia(db: Kysely<Database>, storage: Storage, rows: readonly ClipRow[]) {
  const keys = new Set(
    rows.flatMap((row) => [row.audio_key, row.image_key, row.video_key]).filter((key) => key !== null),
  );
  const stillUsed = new Set<string>();
  if (keys.size > 0) {
    const users = await db
      .selectFrom("clips")
      .select(["audio_key", "image_key", "video_key"])
      .where((eb) =>
        eb.or([
          eb("audio_key", "in", [...keys]),
          eb("image_key", "in", [...keys]),
          eb("video_key", "in", [...keys]),
        ]),
      )
      .execute();
    for (const user of users)
      for (const key of [user.audio_key, user.image_key, user.video_key]) if (key) stillUsed.add(key);
  }
  const derived = rows.flatMap((row) =>
    row.audio_key
      ? [
          derivedKey(row.id, row.audio_key, WAVEFORM_CACHE_NAME),
          ...[...CONVERTED_FILE_NAMES, M4A_FILE_NAME].map((name) =>
            derivedKey(row.id, row.audio_key as string, name),
          ),
        ]
      : [],
  );
  const unused = [...keys].filter((key) => !stillUsed.has(key));
  const sizedImages = rows.flatMap((row) =>
    row.image_key && unused.includes(row.image_key) ? sizedImageKeys(row.image_key) : [],
  );
  const doomed = [...unused, ...derived, ...sizedImages];
  // Best effort: the rows are gone already, and a leftover file harms no one.
  await Promise.all(doomed.map((key) => storage.delete(key).catch(() => undefined)));
}
