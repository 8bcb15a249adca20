import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import {
  API_TOKEN_PREFIX,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenScope,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from "../../shared/api/api-tokens.ts";
import type { Database, User } from "../db/schema.ts";
import { conflict, notFound } from "../http/errors.ts";
import { rolloutFlagsOf, withRollouts } from "./rollout-flags.ts";

/** Last-used times are written at most this often per token: a polling script costs no write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export const isScriptToken = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/** A script token's owner and what it may do. */
export interface ScriptTokenUse {
  readonly user: User;
  readonly tokenId: string;
  readonly scope: ApiTokenScope;
}

type TokenRow = {
  id: string;
  name: string;
  scope: ApiTokenScope;
  created_at: Date;
  last_used_at: Date | null;
};

const tokenView = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

/** The owner of a live (not revoked) script token, its last-used time brought up to date. */
export async function findScriptToken(
  db: Kysely<Database>,
  token: string,
): Promise<ScriptTokenUse | undefined> {
  const row = await db
    .selectFrom("api_tokens")
    .innerJoin("users", "users.id", "api_tokens.user_id")
    .selectAll("users")
    .select([
      "api_tokens.id as token_id",
      "api_tokens.scope as token_scope",
      "api_tokens.last_used_at as token_last_used_at",
    ])
    .select(rolloutFlagsOf("users.id").as("rollout_flags"))
    .where("api_tokens.token_hash", "=", hashToken(token))
    .where("api_tokens.revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_id: tokenId, token_scope: scope, token_last_used_at: lastUsed, ...read } = row;
  const user = withRollouts(read);
  const now = new Date();
  if (lastUsed === null || now.getTime() - lastUsed.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db.updateTable("api_tokens").set({ last_used_at: now }).where("id", "=", tokenId).execute();
  }
  return { user, tokenId, scope };
}

/** A new token for the user: the secret is returned once; only its hash is stored. */
export async function createScriptToken(
  db: Kysely<Database>,
  userId: string,
  body: CreateApiTokenBody,
): Promise<CreatedApiToken> {
  const live = await db
    .selectFrom("api_tokens")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirstOrThrow();
  if (Number(live.count) >= API_TOKENS_MAX)
    throw conflict(`You have ${API_TOKENS_MAX} tokens: revoke one before making another`);
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await db
    .insertInto("api_tokens")
    .values({
      user_id: userId,
      name: body.name,
      scope: body.scope,
      token_hash: hashToken(token),
      last_used_at: null,
    })
    .returning(["id", "name", "scope", "created_at", "last_used_at"])
    .executeTakeFirstOrThrow();
  return { token, api_token: tokenView(row) };
}

/** The user's live tokens, newest first. */
export async function listScriptTokens(db: Kysely<Database>, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .selectFrom("api_tokens")
    .select(["id", "name", "scope", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(tokenView);
}

/** Revokes one of the user's tokens at once (404 for anyone else's, or one already revoked). */
export async function revokeScriptToken(
  db: Kysely<Database>,
  userId: string,
  tokenId: string,
): Promise<void> {
  const revoked = await db
    .updateTable("api_tokens")
    .set({ revoked_at: new Date() })
    .where("id", "=", tokenId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (revoked.numUpdatedRows === 0n) throw notFound("No such token");
}
