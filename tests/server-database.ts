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

/**
 * A whole database of its own on the test PostgreSQL server, for what takes a database rather than a
 * schema (pg_dump, or the real server working in the default schema): its URL, and how to empty it
 * (drop and create again) and drop it.
 */
export async function createScratchDatabase(prefix: string) {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 10)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  return {
    url: Object.assign(new URL(base), { pathname: `/${name}` }).toString(),
    recreate: async () => {
      await drop();
      await admin(`create database ${name}`);
    },
    drop,
  };
}
