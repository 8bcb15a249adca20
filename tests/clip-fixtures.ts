import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import { createSession } from "../src/server/auth/sessions.ts";
import { createClip, type NewClip } from "../src/server/clips/clip-store.ts";
import { clipMediaKey } from "../src/server/clips/media-urls.ts";
import type { Database } from "../src/server/db/schema.ts";
import type { Storage } from "../src/server/storage/storage.ts";
import { encodeWav, type WavFormat } from "../src/shared/audio/wav.ts";
import type { ApiClient } from "./api-server.ts";

let users = 0;

/** A user made in the database with a session (signing up hashes a password: too slow for every test). */
export async function newTestUser(
  db: Kysely<Database>,
  client: ApiClient,
  options: { plan?: "free" | "pro" | "premier"; isStaff?: boolean } = {},
) {
  users++;
  const tag = `${process.pid}_${users}_${Math.random().toString(36).slice(2, 8)}`;
  const user = await db
    .insertInto("users")
    .values({
      email: `clips${tag}@example.com`,
      handle: `c_${tag}`.slice(0, 30),
      display_name: `Tester ${users}`,
      password_hash: "x",
      plan_key: options.plan ?? "free",
      is_staff: options.isStaff ?? false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await createSession(db, user.id);
  return { id: user.id, handle: user.handle, token, client: client.withToken(token) };
}

/** A clip made the way other modules make them; complete and private unless told otherwise. */
export const newTestClip = (db: Kysely<Database>, clip: NewClip) => createClip(db, clip);

/** Stereo test audio: a different ramp per channel, so min and max per block are known. */
export function testAudio(frames: number): Float32Array[] {
  const left = Float32Array.from({ length: frames }, (_, i) => Math.sin(i / 50) * 0.5);
  const right = Float32Array.from({ length: frames }, (_, i) => ((i % 1000) / 1000) * 0.9 - 0.45);
  return [left, right];
}

/** A clip whose audio is a WAV in storage, under the key the server would use. */
export async function newClipWithAudio(
  db: Kysely<Database>,
  storage: Storage,
  clip: Omit<NewClip, "audioKey" | "id">,
  audio: { channels: Float32Array[]; sampleRate: number; format?: WavFormat },
) {
  const id = randomUUID();
  const audioKey = clipMediaKey(id, "audio", "wav");
  const wav = Buffer.from(
    encodeWav({ sampleRate: audio.sampleRate, channels: audio.channels }, audio.format ?? "pcm16"),
  );
  await storage.put(audioKey, Readable.from([wav]), { contentType: "audio/wav" });
  return { row: await createClip(db, { ...clip, id, audioKey }), wav };
}

/** A Buffer's bytes as the ArrayBuffer decodeWav reads. */
export const arrayBufferOf = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
