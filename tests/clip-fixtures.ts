import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import { beforeAll } from "vitest";
import { createSession } from "../src/server/auth/sessions.ts";
import { createClip, type NewClip } from "../src/server/clips/clip-store.ts";
import { clipMediaKey } from "../src/server/clips/media-urls.ts";
import type { Database } from "../src/server/db/schema.ts";
import type { Storage } from "../src/server/storage/storage.ts";
import type { Clip } from "../src/shared/api/clips.ts";
import { encodeWav, type WavFormat } from "../src/shared/audio/wav.ts";
import { type ApiClient, startApiServer } from "./api-server.ts";

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

export type TestUser = Awaited<ReturnType<typeof newTestUser>>;
type TestUserOptions = NonNullable<Parameters<typeof newTestUser>[2]>;

/**
 * A test file's server on one backend with the users its tests share, made in beforeAll in the
 * order named. The users can be destructured at once: their fields are read when a test runs.
 */
export function startApiServerWithUsers<Name extends string>(
  backend: "pglite" | "postgres",
  wanted: Record<Name, TestUserOptions>,
  options: Parameters<typeof startApiServer>[1] = {},
) {
  const server = startApiServer(backend, options);
  const db = () => server.database().db;
  const made = new Map<Name, TestUser>();
  beforeAll(async () => {
    for (const [name, userOptions] of Object.entries(wanted) as [Name, TestUserOptions][]) {
      made.set(name, await newTestUser(db(), server.client(), userOptions));
    }
  });
  const madeUser = (name: Name): TestUser => {
    const user = made.get(name);
    if (!user) throw new Error(`The test user ${name} is made in beforeAll`);
    return user;
  };
  const users = Object.fromEntries(
    (Object.keys(wanted) as Name[]).map((name) => [
      name,
      {
        get id() {
          return madeUser(name).id;
        },
        get handle() {
          return madeUser(name).handle;
        },
        get token() {
          return madeUser(name).token;
        },
        get client() {
          return madeUser(name).client;
        },
      } satisfies TestUser,
    ]),
  ) as Record<Name, TestUser>;
  return { server, db, users };
}

const TERMINAL_STATUSES = new Set(["complete", "error"]);

/** Polls the clips by ids, as a script of the upstream service does, until every one is over. */
export async function settledClips(client: ApiClient, ids: readonly string[]): Promise<Clip[]> {
  for (;;) {
    const feed = await client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${ids.join(",")}`);
    if (feed.body.clips.every((clip) => TERMINAL_STATUSES.has(clip.status))) return feed.body.clips;
    await sleep(50);
  }
}

/** Who calls in a route's owner / other user / anonymous cases. */
export type Viewer = "owner" | "other user" | "anonymous";

/** Each viewer's client: the owner's, another user's, or one signed in as nobody. */
export const viewerClients =
  (server: { client(): ApiClient }, owner: TestUser, other: TestUser) =>
  (viewer: Viewer): ApiClient =>
    viewer === "owner" ? owner.client : viewer === "other user" ? other.client : server.client();
