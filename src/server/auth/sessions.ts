import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, User } from "../db/schema.ts";

/** Sessions last 30 days from sign-in. */
export const SESSION_DAYS = 30;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new session; the token is shown once, only its hash is stored. */
export async function createSession(db: Kysely<Database>, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expires = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await db
    .insertInto("sessions")
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: expires })
    .execute();
  return token;
}

export async function findSessionUser(db: Kysely<Database>, token: string): Promise<User | undefined> {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .where("sessions.token_hash", "=", hashToken(token))
    .where("sessions.expires_at", ">", new Date())
    .executeTakeFirst();
}

export async function deleteSession(db: Kysely<Database>, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", hashToken(token)).execute();
}
