import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { DatabaseHandle } from "../db/database.ts";
import type { Storage } from "../storage/storage.ts";
import { BackupError } from "./backup-error.ts";
import {
  type BackupManifest,
  backupManifestSchema,
  FILES_DIR,
  MANIFEST_FILE,
  PGLITE_DUMP_FILE,
  POSTGRES_DUMP_FILE,
} from "./backup-manifest.ts";
import { runPostgresTool, tarFolder, untarInto } from "./tar.ts";

/** What a backup or restore needs: the open database (for a backup) and the media store. */
export interface BackupSource {
  readonly database: DatabaseHandle;
  /** PostgreSQL only: the URL pg_dump and pg_restore connect to. */
  readonly databaseUrl?: string;
  readonly storage: Storage;
}

async function inTempFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), "tunesmith-backup-"));
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Writes `file`: the database (PGlite's data directory, or pg_dump's custom format) and every stored
 * object with its content type. Written beside the target and renamed, so a cut-off backup never
 * looks like a whole one. Answers the manifest.
 */
export async function createBackup(source: BackupSource, file: string): Promise<BackupManifest> {
  return inTempFolder(async (folder) => {
    const { database, storage } = source;
    if (database.backend === "pglite") {
      if (!database.dump) throw new BackupError("This database cannot be dumped");
      const dump = await database.dump();
      await writeFile(join(folder, PGLITE_DUMP_FILE), Buffer.from(await dump.arrayBuffer()));
    } else {
      if (!source.databaseUrl) throw new BackupError("A PostgreSQL backup needs DATABASE_URL");
      await runPostgresTool("pg_dump", [
        "--format=custom",
        "--no-owner",
        `--file=${join(folder, POSTGRES_DUMP_FILE)}`,
        source.databaseUrl,
      ]);
    }
    const objects: BackupManifest["objects"] = [];
    for await (const key of storage.list()) {
      const stored = await storage.stat(key);
      if (!stored) continue; // deleted while the backup ran
      const path = join(folder, FILES_DIR, key);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(await storage.read(key), createWriteStream(path));
      objects.push({ key, contentType: stored.contentType, size: stored.size });
    }
    const manifest: BackupManifest = {
      format: "tunesmith-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      database: database.backend,
      objects,
    };
    await writeFile(join(folder, MANIFEST_FILE), JSON.stringify(manifest, null, 1));
    const partial = `${file}.partial-${process.pid}`;
    try {
      await tarFolder(folder, partial);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return manifest;
  });
}

/** The manifest's JSON, or undefined (refused by the schema) when it is not JSON at all. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A backup unpacked: its checked manifest and where its parts lie, until `done` removes them. */
export interface OpenedBackup {
  readonly manifest: BackupManifest;
  /** The PGlite data directory's dump, or the pg_dump file. */
  readonly databaseDump: string;
  readonly folder: string;
}

/** Unpacks and checks a backup, runs `work` on it, then removes the unpacked copy. */
export async function withBackup<T>(file: string, work: (backup: OpenedBackup) => Promise<T>): Promise<T> {
  return inTempFolder(async (folder) => {
    await untarInto(file, folder).catch((error) => {
      throw new BackupError(
        `${file} is not a Tunesmith backup (${error instanceof Error ? error.message : error})`,
      );
    });
    const raw = await readFile(join(folder, MANIFEST_FILE), "utf8").catch(() => null);
    const parsed = raw === null ? null : backupManifestSchema.safeParse(parseJson(raw));
    if (!parsed?.success)
      throw new BackupError(`${file} is not a Tunesmith backup (its manifest is missing or wrong)`);
    const manifest = parsed.data;
    const dumpFile = manifest.database === "pglite" ? PGLITE_DUMP_FILE : POSTGRES_DUMP_FILE;
    return work({ manifest, databaseDump: join(folder, dumpFile), folder });
  });
}

/** Loads a PostgreSQL backup's dump into DATABASE_URL, replacing the tables it holds. */
export async function restorePostgres(backup: OpenedBackup, databaseUrl: string): Promise<void> {
  await runPostgresTool("pg_restore", [
    "--clean",
    "--if-exists",
    "--no-owner",
    "--single-transaction",
    `--dbname=${databaseUrl}`,
    backup.databaseDump,
  ]);
}

/** Puts every object of the backup back into the store, with its content type. */
export async function restoreObjects(backup: OpenedBackup, storage: Storage): Promise<number> {
  for (const object of backup.manifest.objects) {
    await storage.put(object.key, createReadStream(join(backup.folder, FILES_DIR, object.key)), {
      contentType: object.contentType,
    });
  }
  return backup.manifest.objects.length;
}
