import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "../../src/server/storage/local-disk-storage.ts";
import { expectObjectCopy, expectObjectRoundTrip } from "../storage-round-trip.ts";

describe("local disk storage", () => {
  const roots: string[] = [];
  const store = () => {
    const root = mkdtempSync(join(tmpdir(), "tunesmith-disk-store-"));
    roots.push(root);
    return { root, storage: new LocalDiskStorage(root) };
  };
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it("puts, stats, reads ranges of and deletes objects", async () => {
    const { storage } = store();
    await expectObjectRoundTrip(storage, "a/b.bin");
    await storage.delete("a/b.bin");
    expect(await storage.stat("a/b.bin")).toBeNull();
  });

  it("copies an object in place of nothing partial, the copy standing on its own", async () => {
    const { root, storage } = store();
    await expectObjectCopy(storage, "stems/one.wav", "clips/two/audio.wav");
    const listed: string[] = [];
    for await (const key of storage.list()) listed.push(key);
    expect(listed).toEqual(["clips/two/audio.wav"]);
    expect(readdirSync(join(root, "clips", "two")).sort()).toEqual(["audio.wav", "audio.wav.type"]);
  });

  it("leaves nothing behind when the object to copy is not there", async () => {
    const { root, storage } = store();
    await expect(storage.copy("missing.wav", "clips/x/audio.wav")).rejects.toThrow();
    expect(readdirSync(root, { recursive: true })).toEqual([]);
  });
});
