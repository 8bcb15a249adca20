import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type Dialect, Kysely, Migrator, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { MIGRATIONS } from "./migrations/index.ts";
import { PGliteDialect } from "./pglite-dialect.ts";
import type { Database } from "./schema.ts";
import { WriteWatch } from "./write-watch.ts";

export interface DatabaseOptions {
  /** A PostgreSQL URL; without one, an embedded PGlite database under dataDir. */
  readonly url?: string;
  /** DATA_DIR (the database goes in its db/ folder), or "memory://" for a throwaway one. */
  readonly dataDir?: string;
  /** A PostgreSQL schema to work in (created if missing): tests get one each. */
  readonly schema?: string;
  /**
   * A dump of a PGlite data directory to start from: in memory without dataDir (tests: faster than
   * creating one), or into a new dataDir/db (a restore).
   */
  readonly loadDataDir?: Blob;
}

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly backend: "pglite" | "postgres";
  /** Reports this process's writes through db, for whoever caches rows (see WriteWatch). */
  readonly writeWatch: WriteWatch;
  /** PGlite only: the data directory as a tarball, to start other databases from. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

const INT8 = 20;

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.url ? await openPostgres(options.url, options.schema) : await openPGlite(options);
  try {
    const migrated = await migrate(handle.db, options.url ? options.schema : undefined);
    // PGlite has no autovacuum to gather statistics: without them the planner would guess how many
    // clips a search matches (and so which index to use) from nothing.
    if (migrated && handle.backend === "pglite") await sql`analyze`.execute(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** Kysely on the dialect, with its writes reported to the watch. */
function watchedKysely(dialect: Dialect): { db: Kysely<Database>; writeWatch: WriteWatch } {
  const writeWatch = new WriteWatch();
  return { db: new Kysely<Database>({ dialect: writeWatch.watch(dialect) }), writeWatch };
}

async function openPostgres(url: string, schema?: string): Promise<DatabaseHandle> {
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Unusable schema name ${schema}`);
  if (schema) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create schema if not exists ${schema}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Every connection starts in the schema, so migrations and queries need no prefix.
    options: schema ? `-c search_path=${schema}` : undefined,
    // int8 (counts, sums) as numbers, as PGlite gives them: one query layer for both.
    types: { getTypeParser: (oid, format) => (oid === INT8 ? Number : pg.types.getTypeParser(oid, format)) },
  });
  const { db, writeWatch } = watchedKysely(new PostgresDialect({ pool }));
  return { db, writeWatch, backend: "postgres", close: () => db.destroy() };
}

async function openPGlite(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (!options.dataDir && !options.loadDataDir)
    throw new Error("An embedded database needs a data directory");
  const parsers = { [INT8]: Number };
  // The feed's search index is a trigram index (migration 0012).
  const extensions = { pg_trgm };
  // With a dump and no folder, a throwaway database in memory; with both, the dump fills the folder.
  const where =
    options.dataDir === undefined || options.dataDir === "memory://"
      ? "memory://"
      : join(options.dataDir, "db");
  const pglite = new PGlite(where, {
    parsers,
    extensions,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pglite.waitReady;
  // Its pages are in this process's memory (or the OS cache of DATA_DIR): fetching one out of order
  // costs about what the next one does. At PostgreSQL's default of 4 the planner would rather read
  // the trigram index than walk a library's newest clips, even for a word in every tenth song.
  await pglite.exec("set random_page_cost = 1.1");
  const { db, writeWatch } = watchedKysely(new PGliteDialect(pglite));
  return {
    db,
    writeWatch,
    backend: "pglite",
    dump: async () => (await pglite.dumpDataDir("none")) as Blob,
    close: () => db.destroy(),
  };
}

/** Brings the schema up to date; true if any migration ran. */
async function migrate(db: Kysely<Database>, schema?: string): Promise<boolean> {
  // The migrator looks for its tables across schemas unless told which one is ours.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : error}`);
  }
  return (results?.length ?? 0) > 0;
}
