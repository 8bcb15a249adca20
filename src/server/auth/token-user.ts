import type { Kysely } from "kysely";
import type { Database, User } from "../db/schema.ts";
import { findScriptToken, isScriptToken } from "./script-tokens.ts";
import { findSessionUser } from "./sessions.ts";

/** The user a bearer token still signs in (a session's or a live script token's), read from the database. */
export async function findTokenUser(db: Kysely<Database>, token: string): Promise<User | undefined> {
  return isScriptToken(token) ? (await findScriptToken(db, token))?.user : findSessionUser(db, token);
}
