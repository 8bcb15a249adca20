import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** The user with this handle, whatever its case (handles are unique regardless of case). */
export const findUserByHandle = (db: Kysely<Database>, handle: string) =>
  db
    .selectFrom("users")
    .select(["id", "handle", "display_name"])
    .where(sql<boolean>`lower(handle) = ${handle.toLowerCase()}`)
    .executeTakeFirst();
