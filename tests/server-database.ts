import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "kysely";
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
  const handle = await openDatabase({ url: process.env.TEST_DATABASE_URL, schema });
  return {
    ...handle,
    async close() {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
      await handle.close();
    },
  };
}
