import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, User } from "../db/schema.ts";
import type { WriteWatch } from "../db/write-watch.ts";
import { rolloutFlagsOf, withRollouts } from "./rollout-flags.ts";

/** Sessions last 30 days from sign-in. */
export const SESSION_DAYS = 30;

export const hashSessionToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new session; the token is shown once, only its hash is stored. */
export async function createSession(db: Kysely<Database>, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expires = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await db
    .insertInto("sessions")
    .values({ token_hash: hashSessionToken(token), user_id: userId, expires_at: expires })
    .execute();
  return token;
}

function sessionRow(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select("sessions.expires_at as session_expires_at")
    .select(rolloutFlagsOf("users.id").as("rollout_flags"))
    .where("sessions.token_hash", "=", tokenHash)
    .where("sessions.expires_at", ">", new Date())
    .executeTakeFirst();
}

/** The signed-in user of a session token, read from the database. */
export async function findSessionUser(db: Kysely<Database>, token: string): Promise<User | undefined> {
  const row = await sessionRow(db, hashSessionToken(token));
  if (!row) return undefined;
  const { session_expires_at: _, ...user } = row;
  return withRollouts(user);
}

/** How long a session's user is kept: changes made by another process show within this. */
export const SESSION_CACHE_MS = 2000;
const SESSION_CACHE_SIZE = 10_000;

/**
 * Session token (by its hash) to user, kept for SESSION_CACHE_MS, so a signed-in request does not
 * need a query of its own to know who asks. Forgotten, all of it, whenever this process writes to
 * users, sessions or flag rollouts (sign-out, credits, plans, flags: see WriteWatch), and a lookup that overlapped
 * such a write is not kept. Unknown tokens are not kept. `close` stops listening for writes.
 */
export class SessionUsers {
  readonly #entries = new Map<string, { user: User; until: number }>();
  readonly #unwatch: () => void;
  #generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    writeWatch: WriteWatch,
  ) {
    this.#unwatch = writeWatch.on(["users", "sessions", "flag_rollouts"], () => this.#forgetAll());
  }

  close(): void {
    this.#unwatch();
    this.#forgetAll();
  }

  #forgetAll(): void {
    this.#entries.clear();
    this.#generation++;
  }

  async find(token: string): Promise<User | undefined> {
    const hash = hashSessionToken(token);
    const now = Date.now();
    const kept = this.#entries.get(hash);
    if (kept && kept.until > now) return kept.user;
    if (kept) this.#entries.delete(hash);
    const generation = this.#generation;
    const row = await sessionRow(this.db, hash);
    if (!row) return undefined;
    const { session_expires_at: expiresAt, ...read } = row;
    const user = withRollouts(read);
    // Shared by the requests it answers: none may change it.
    Object.freeze(user.flags);
    Object.freeze(user);
    if (generation === this.#generation) {
      if (this.#entries.size >= SESSION_CACHE_SIZE) this.#entries.clear();
      this.#entries.set(hash, { user, until: Math.min(now + SESSION_CACHE_MS, expiresAt.getTime()) });
    }
    return user;
  }
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", hashSessionToken(token)).execute();
}
