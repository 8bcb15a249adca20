import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../src/server/db/database.ts";

/** The backends the API suite runs against: always PGlite, PostgreSQL when TEST_DATABASE_URL names one. */
export const BACKENDS: readonly ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/** A fresh, migrated database: PGlite from the suite's template, or a new schema on PostgreSQL. */
export async function openTestDatabase(backend: "pglite" | "postgres"): Promise<DatabaseHandle> {
  if (backend === "pglite") {
    return openDatabase({ loadDataDir: new Blob([readFileSync(inject("dbTemplate"))]) });
  }
  const schema = `test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const url = process.env.TEST_DATABASE_URL;
  const dropSchema = (db: DatabaseHandle["db"]) =>
    sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ url, schema });
  } catch (error) {
    // A schema whose migration failed is not left behind for later runs to trip on.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
    throw error;
  }
  return {
    ...handle,
    async close() {
      await dropSchema(handle.db);
      await handle.close();
    },
  };
}
