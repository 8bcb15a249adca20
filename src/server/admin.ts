// npm run admin -- <command>: grants credits, plans, flags and staff without a payment processor,
// and backs up and restores the database and files (npm run backup / restore).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { AdminError, runAdminCommand } from "./admin/commands.ts";
import { backupCommand, restoreCommand } from "./backup/backup-commands.ts";
import { BackupError } from "./backup/backup-error.ts";
import { StartupError } from "./boot.ts";
import { ConfigError, readConfig, type ServerConfig } from "./config.ts";
import { type DatabaseHandle, openDatabase } from "./db/database.ts";

function fail(message: string): never {
  process.stderr.write(`tunesmith admin: ${message}\n`);
  process.exit(1);
}

/** The database the server would open, with the same settings (DATABASE_URL or DATA_DIR). */
async function openConfiguredDatabase(config: ServerConfig): Promise<DatabaseHandle> {
  if (!config.databaseUrl) {
    // The embedded database is one process's: opened twice, the two would overwrite each other.
    // PGlite keeps postmaster.pid in its folder while it is open.
    const dbDir = join(config.dataDir, "db");
    if (existsSync(join(dbDir, "postmaster.pid"))) {
      fail(
        `the embedded database in ${dbDir} is open (is the server running?): stop the server and run the command again. ` +
          "If no server is running, the last one did not stop cleanly: start it and stop it once.",
      );
    }
  }
  try {
    return await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    fail(
      config.databaseUrl
        ? `cannot use the PostgreSQL database in DATABASE_URL (${reason})`
        : `cannot open the embedded database in ${config.dataDir}/db (${reason}): check DATA_DIR.`,
    );
  }
}

let config: ServerConfig;
try {
  config = readConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const [command, ...rest] = process.argv.slice(2);
if (command === "backup" || command === "restore") {
  try {
    const done =
      command === "backup"
        ? await backupCommand(config, rest[0], openConfiguredDatabase)
        : await restoreCommand(config, rest[0]);
    process.stdout.write(`${done}\n`);
    process.exit(0);
  } catch (error) {
    if (error instanceof BackupError || error instanceof StartupError) fail(error.message);
    throw error;
  }
}
const database = await openConfiguredDatabase(config);
try {
  process.stdout.write(`${await runAdminCommand(database.db, process.argv.slice(2))}\n`);
} catch (error) {
  if (!(error instanceof AdminError)) throw error;
  process.exitCode = 1;
  process.stderr.write(`tunesmith admin: ${error.message}\n`);
} finally {
  await database.close();
}
