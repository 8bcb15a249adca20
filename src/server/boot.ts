import type { Generator } from "../generator/generator.ts";
import type { ServerConfig } from "./config.ts";
import { type DatabaseHandle, openDatabase } from "./db/database.ts";
import { createGenerator } from "./generation/generator-choice.ts";
import { type DemoAccount, seedDemoAccounts, seedDemoClips } from "./seed.ts";
import { localStorageIn } from "./storage/local-disk-storage.ts";
import type { Storage } from "./storage/storage.ts";

/** A start-up problem the user fixes in the environment: printed as one line. */
export class StartupError extends Error {}

/** Opens the configured database and media store, and makes sure the demo accounts exist. */
export async function bootDatabase(config: ServerConfig): Promise<{
  database: DatabaseHandle;
  storage: Storage;
  demo: { accounts: DemoAccount[]; password: string };
  /** Made once per server; the generation service closes it when the server stops. */
  generator: Generator | null;
}> {
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(
      config.databaseUrl
        ? `cannot use the PostgreSQL database in DATABASE_URL (${reason}): fix DATABASE_URL, or unset it to use the embedded database.`
        : `cannot open the embedded database in ${config.dataDir}/db (${reason}): check DATA_DIR.`,
    );
  }
  const demo = await seedDemoAccounts(database.db, { dataDir: config.dataDir, ...config.demo });
  const storage = await openStorage(config, database);
  await seedDemoClips(database.db, storage, demo.accounts);
  return { database, storage, demo, generator: await createGenerator(config.generator) };
}

/** The media store the settings name, checked reachable (S3); a failure closes the database and says what to fix. */
export async function openStorage(config: ServerConfig, database: DatabaseHandle): Promise<Storage> {
  if (!config.s3) return localStorageIn(config.dataDir);
  // The AWS SDK is large: only a server that uses S3 loads it.
  const { S3Storage } = await import("./storage/s3-storage.ts");
  const storage = new S3Storage(config.s3);
  try {
    await storage.check();
  } catch (error) {
    await database.close();
    const reason = error instanceof Error ? error.name || error.message : String(error);
    throw new StartupError(
      `cannot use the S3 bucket ${config.s3.bucket} (${reason}): check S3_BUCKET, S3_ENDPOINT, S3_REGION and the S3 keys, or unset S3_BUCKET to store files on disk.`,
    );
  }
  return storage;
}
