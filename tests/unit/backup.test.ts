import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { promisify } from "node:util";
import { afterAll, describe, expect, inject, it } from "vitest";
import { repoPath } from "../../src/platform/paths.ts";
import { buildApp } from "../../src/server/app.ts";
import { type DatabaseHandle, openDatabase } from "../../src/server/db/database.ts";
import { localStorageIn } from "../../src/server/storage/local-disk-storage.ts";
import { S3Storage } from "../../src/server/storage/s3-storage.ts";
import type { Storage } from "../../src/server/storage/storage.ts";
import type { AuthResponse } from "../../src/shared/api/accounts.ts";
import type { GenerateResponse } from "../../src/shared/api/generate.ts";
import { ApiClient, newAccountBody } from "../api-server.ts";
import { type S3Server, s3Env, startS3Server } from "../s3-server.ts";
import { BACKENDS, createScratchDatabase } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";
import { until } from "../wait.ts";

const run = promisify(execFile);

/** `npm run admin -- <args>` (what npm run backup / restore run), as an operator would, with `env`. */
async function admin(args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", repoPath("src/server/admin.ts"), ...args], {
    env: { ...process.env, DATABASE_URL: "", S3_BUCKET: "", ...env },
    timeout: 120_000,
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: "" }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? "",
      stderr: error.stderr ?? "",
    }),
  );
}

const sha256 = async (storage: Storage, key: string) =>
  createHash("sha256")
    .update(await buffer(await storage.read(key)))
    .digest("hex");

/** A place to run Tunesmith in: its settings, and how to open and wipe its database and files. */
interface Site {
  readonly env: Record<string, string>;
  open(): Promise<{ database: DatabaseHandle; storage: Storage }>;
  wipe(): Promise<void>;
  dispose(): Promise<void>;
}

function embeddedSite(): Site {
  const dataDir = mkdtempSync(join(tmpdir(), "tunesmith-backup-site-"));
  return {
    env: { DATA_DIR: dataDir },
    open: async () => {
      // The first opening starts from the suite's migrated template (faster than creating one).
      const fresh = !existsSync(join(dataDir, "db"));
      const template = fresh ? { loadDataDir: new Blob([readFileSync(inject("dbTemplate"))]) } : {};
      return { database: await openDatabase({ dataDir, ...template }), storage: localStorageIn(dataDir) };
    },
    wipe: async () => {
      rmSync(join(dataDir, "db"), { recursive: true, force: true });
      rmSync(join(dataDir, "files"), { recursive: true, force: true });
    },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A database of its own on the test PostgreSQL server (pg_dump takes a whole database) and a bucket of its own. */
async function postgresSite(): Promise<Site> {
  const scratch = await createScratchDatabase("tunesmith_backup");
  const { url } = scratch;
  const s3: S3Server = await startS3Server();
  let bucket = await s3.newBucket();
  const env = () => ({
    DATA_DIR: mkdtempSync(join(tmpdir(), "tunesmith-backup-data-")),
    DATABASE_URL: url,
    ...s3Env(bucket),
  });
  const site = {
    env: env(),
    open: async () => ({ database: await openDatabase({ url }), storage: new S3Storage(bucket) }),
    wipe: async () => {
      await scratch.recreate();
      bucket = await s3.newBucket();
      site.env = env();
    },
    dispose: async () => {
      await scratch.drop();
      await s3.close();
    },
  };
  return site;
}

describe.each(BACKENDS)("backup and restore on %s", (backend) => {
  let site: Site | undefined;
  afterAll(() => site?.dispose());

  it("backs up the songs and their audio, and brings them back after a wipe", async () => {
    site = backend === "pglite" ? embeddedSite() : await postgresSite();
    // A server makes a song, then stops.
    const { database, storage } = await site.open();
    const app = await buildApp({ database, storage, generator: new SineSongGenerator() });
    const client = new ApiClient(await app.listen({ port: 0, host: "127.0.0.1" }));
    const signup = await client.post<AuthResponse>("/api/auth/signup", newAccountBody());
    const generated = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "pop",
      prompt: "[Verse]\nkeep me safe",
    });
    expect(generated.status).toBe(200);
    const ids = generated.body.clips.map((clip) => clip.id);
    await until(async () => {
      const rows = await database.db.selectFrom("clips").select("status").where("id", "in", ids).execute();
      return rows.every((row) => row.status === "complete");
    }, "the songs to be made");
    const before = await database.db
      .selectFrom("clips")
      .select(["id", "title", "audio_key", "image_key"])
      .where("user_id", "=", signup.body.session.userId as string)
      .orderBy("id")
      .execute();
    const audio = new Map<string, string>();
    for (const clip of before) audio.set(clip.id, await sha256(storage, clip.audio_key as string));
    await app.close();
    await database.close();

    const file = join(mkdtempSync(join(tmpdir(), "tunesmith-backups-")), "tunesmith.tar");
    const backedUp = await admin(["backup", file], site.env);
    expect(backedUp.stderr).toBe("");
    expect(backedUp.stdout).toMatch(/^Backed up the (embedded|PostgreSQL) database and \d+ files/);
    expect((await admin(["backup", file], site.env)).stderr).toMatch(/exists already: name a new file/);

    await site.wipe();
    const restored = await admin(["restore", file], site.env);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toMatch(/^Restored the database and \d+ files/);

    const back = await site.open();
    try {
      const after = await back.database.db
        .selectFrom("clips")
        .select(["id", "title", "audio_key", "image_key"])
        .where("user_id", "=", signup.body.session.userId as string)
        .orderBy("id")
        .execute();
      expect(after).toEqual(before);
      for (const clip of after) {
        expect(await sha256(back.storage, clip.audio_key as string)).toBe(audio.get(clip.id));
        if (clip.image_key) expect(await back.storage.stat(clip.image_key)).not.toBeNull();
      }
    } finally {
      await back.database.close();
    }
    if (backend === "pglite") {
      // Never over a database that is there.
      const refused = await admin(["restore", file], site.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/already holds a database: move it away/);
    }
  }, 180_000);
});

describe("restore", () => {
  it("refuses a file that is not a backup, saying so", async () => {
    const folder = mkdtempSync(join(tmpdir(), "tunesmith-not-backup-"));
    try {
      const file = join(folder, "notes.tar");
      await run("tar", ["-cf", file, "-C", repoPath("."), "package.json"]);
      const refused = await admin(["restore", file], { DATA_DIR: folder });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/is not a Tunesmith backup \(its manifest is missing or wrong\)/);
      // A manifest that is not even JSON is refused the same way.
      const garbled = join(folder, "garbled");
      mkdirSync(garbled);
      writeFileSync(join(garbled, "manifest.json"), "{ not json");
      const garbledFile = join(folder, "garbled.tar");
      await run("tar", ["-cf", garbledFile, "-C", garbled, "manifest.json"]);
      const refusedGarbled = await admin(["restore", garbledFile], { DATA_DIR: folder });
      expect(refusedGarbled.code).toBe(1);
      expect(refusedGarbled.stderr).toMatch(/is not a Tunesmith backup \(its manifest is missing or wrong\)/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
