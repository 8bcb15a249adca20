import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStored } from "../../src/server/clips/clip-audio.ts";
import type { DatabaseHandle } from "../../src/server/db/database.ts";
import { seedDemoAccounts, seedDemoClips } from "../../src/server/seed.ts";
import { LocalDiskStorage } from "../../src/server/storage/local-disk-storage.ts";
import type { ClipMetadata } from "../../src/shared/api/clips.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { arrayBufferOf } from "../clip-fixtures.ts";
import { BACKENDS, openTestDatabase } from "../server-database.ts";

describe.each(BACKENDS)("demo songs on first start, on %s", (backend) => {
  let database: DatabaseHandle;
  const dataDir = mkdtempSync(join(tmpdir(), "tunesmith-demo-"));
  const storage = new LocalDiskStorage(join(dataDir, "files"));

  beforeAll(async () => {
    database = await openTestDatabase(backend);
  }, 60_000);
  afterAll(() => database?.close());

  it("renders a few short songs with the engine into the demo libraries, once", async () => {
    const { accounts } = await seedDemoAccounts(database.db, { dataDir, password: "demo password" });
    await seedDemoClips(database.db, storage, accounts);
    const clips = await database.db
      .selectFrom("clips")
      .innerJoin("users", "users.id", "clips.user_id")
      .select([
        "clips.title",
        "clips.audio_key",
        "clips.metadata",
        "clips.is_public",
        "clips.status",
        "users.handle",
      ])
      .orderBy("clips.title")
      .execute();
    expect(clips.map((clip) => [clip.handle, clip.title, clip.is_public])).toEqual([
      ["demo", "Drum Sketch", false],
      ["demo", "Night Drive", true],
      ["demo_pro", "Slow Bloom", true],
    ]);
    const levels: number[] = [];
    for (const clip of clips) {
      expect(clip.status).toBe("complete");
      const bytes = await readStored(storage, clip.audio_key as string);
      const audio = decodeWav(arrayBufferOf(bytes));
      expect(audio.sampleRate).toBe(44_100);
      expect(audio.channels).toHaveLength(2);
      const seconds = audio.channels[0].length / audio.sampleRate;
      expect(seconds).toBeGreaterThanOrEqual(20);
      expect(seconds).toBeLessThanOrEqual(30);
      expect((clip.metadata as ClipMetadata).duration).toBeCloseTo(seconds, 6);
      const left = audio.channels[0];
      levels.push(Math.sqrt(left.reduce((sum, x) => sum + x * x, 0) / left.length));
    }
    // Real, different mixes: none silent, no two alike.
    for (const level of levels) expect(level).toBeGreaterThan(0.01);
    expect(new Set(levels.map((level) => level.toFixed(5))).size).toBe(3);

    await seedDemoClips(database.db, storage, accounts);
    const after = await database.db.selectFrom("clips").select("id").execute();
    expect(after).toHaveLength(3);
  }, 60_000);
});
