import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { openStorage } from "../boot.ts";
import type { ServerConfig } from "../config.ts";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import { createBackup, restoreObjects, restorePostgres, withBackup } from "./backup.ts";
import { BackupError } from "./backup-error.ts";

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * `backup FILE`: the database the server uses and every stored file, into one tar archive. The
 * embedded database must be closed (the server stopped); on PostgreSQL pg_dump takes a consistent
 * snapshot while the servers run.
 */
export async function backupCommand(
  config: ServerConfig,
  file: string | undefined,
  openConfigured: (config: ServerConfig) => Promise<DatabaseHandle>,
): Promise<string> {
  if (!file) throw new BackupError("backup needs the file to write, e.g. npm run backup -- tunesmith.tar");
  const target = resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} exists already: name a new file`);
  const database = await openConfigured(config);
  try {
    const storage = await openStorage(config, database);
    const manifest = await createBackup({ database, databaseUrl: config.databaseUrl, storage }, target);
    const bytes = manifest.objects.reduce((total, object) => total + object.size, 0);
    return `Backed up the ${manifest.database === "pglite" ? "embedded" : "PostgreSQL"} database and ${manifest.objects.length} files (${megabytes(bytes)}) to ${target}`;
  } finally {
    await database.close();
  }
}

/**
 * `restore FILE`: the database and files of a backup, into the store and database the settings
 * name. The embedded database is restored only into an empty DATA_DIR/db, never over one; on
 * PostgreSQL the backup's tables replace those in DATABASE_URL. Either way the schema is then
 * migrated, so an older backup comes back at the current version.
 */
export async function restoreCommand(config: ServerConfig, file: string | undefined): Promise<string> {
  if (!file) throw new BackupError("restore needs the backup file, e.g. npm run restore -- tunesmith.tar");
  const source = resolve(file);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist`);
  return withBackup(source, async (backup) => {
    let database: DatabaseHandle;
    if (backup.manifest.database === "pglite") {
      if (config.databaseUrl) {
        throw new BackupError(
          "this backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR",
        );
      }
      const dbDir = join(config.dataDir, "db");
      if (existsSync(dbDir) && readdirSync(dbDir).length > 0) {
        throw new BackupError(
          `${dbDir} already holds a database: move it away (or set DATA_DIR to an empty folder) and run restore again`,
        );
      }
      const dump = new Blob([await readFile(backup.databaseDump)]);
      database = await openDatabase({ dataDir: config.dataDir, loadDataDir: dump });
    } else {
      if (!config.databaseUrl) {
        throw new BackupError(
          "this backup is of a PostgreSQL database: set DATABASE_URL to the database to restore into",
        );
      }
      await restorePostgres(backup, config.databaseUrl);
      database = await openDatabase({ url: config.databaseUrl });
    }
    try {
      const storage = await openStorage(config, database);
      const restored = await restoreObjects(backup, storage);
      return `Restored the database and ${restored} files from ${source}`;
    } finally {
      await database.close();
    }
  });
}
