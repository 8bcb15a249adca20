// Songs laid out directly for the browser tests (generating one is slow on shared cores): an
// account's id and handle, and a finished song of it with real WAV audio.
import type { Kysely } from "kysely";
import type { Database } from "../../src/server/db/schema.ts";
import type { Storage } from "../../src/server/storage/storage.ts";
import { newClipWithAudio, testAudio } from "../clip-fixtures.ts";

export const accountOf = (db: Kysely<Database>, email: string) =>
  db.selectFrom("users").select(["id", "handle"]).where("email", "=", email).executeTakeFirstOrThrow();

/** A finished song of `seconds` of tone, public or not. */
export async function finishedSong(
  app: { readonly db: Kysely<Database>; readonly storage: Storage },
  song: {
    readonly userId: string;
    readonly title: string;
    readonly isPublic: boolean;
    readonly seconds: number;
  },
) {
  const sampleRate = 44_100;
  const { row } = await newClipWithAudio(
    app.db,
    app.storage,
    {
      userId: song.userId,
      title: song.title,
      status: "complete",
      isPublic: song.isPublic,
      metadata: { type: "gen", tags: "folk", duration: song.seconds },
    },
    { channels: testAudio(song.seconds * sampleRate), sampleRate },
  );
  return row;
}
