import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encode as encodeBmp } from "fast-bmp";
import Fastify from "fastify";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { ConfigError, parseTrustProxy } from "../../src/server/config.ts";
import { fitImage, fitWithin } from "../../src/server/images/fit-image.ts";
import { sniffImage } from "../../src/server/images/image-format.ts";
import { registerLeftoverSweep } from "../../src/server/storage/leftover-sweep.ts";
import { LocalDiskStorage } from "../../src/server/storage/local-disk-storage.ts";
import { loginDelaySeconds } from "../../src/shared/api/login-delay.ts";
import { findUnsafeText, isSafeText } from "../../src/shared/api/safe-text.ts";
import { MAX_PROJECT_TRACKS } from "../../src/shared/project/constants.ts";
import { parseProjectState } from "../../src/shared/project/project-state.ts";
import { DSP_ABI } from "../../worklets/dsp-abi.ts";
import { smallPng } from "../security-fixtures.ts";

describe("safe text", () => {
  it("refuses NUL, control characters and lone surrogates; keeps tabs, new lines and emoji", () => {
    for (const text of ["a\u0000b", "\u0007", "\u001b[2J", "\u007f", "x\ud800", "\udc00y"])
      expect(isSafeText(text)).toBe(false);
    for (const text of ["", "Verse 1\n\tline\r\n", "café 💥 \u202e"]) expect(isSafeText(text)).toBe(true);
  });

  it("finds the first unsafe string of a request part, in keys too, and over-deep nesting", () => {
    expect(findUnsafeText({ a: ["ok", { b: "x\u0000" }] }, "body")).toBe("body.a.1.b");
    expect(findUnsafeText({ "k\u0000": 1 }, "query")).toBe("query.k\u0000");
    expect(findUnsafeText({ a: 1e308, b: [null, true, "fine"] }, "body")).toBeNull();
    expect(findUnsafeText(Buffer.from([0, 1, 2]), "body")).toBeNull();
    let deep: unknown = "ok";
    for (let level = 0; level < 100; level++) deep = [deep];
    expect(findUnsafeText(deep, "body")).not.toBeNull();
  });
});

describe("the per-account sign-in delay", () => {
  it("is free for 5 failures, then doubles from 2 s up to 60 s", () => {
    expect([0, 4, 5, 6, 7, 8, 9, 10, 50].map(loginDelaySeconds)).toEqual([0, 0, 2, 4, 8, 16, 32, 60, 60]);
  });
});

describe("TRUST_PROXY", () => {
  it("reads none, a hop count or proxy addresses, and refuses anything else", () => {
    expect([undefined, "", "0", "false"].map(parseTrustProxy)).toEqual([false, false, false, false]);
    expect(parseTrustProxy("true")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1")).toBe("10.0.0.0/8, 127.0.0.1");
    expect(() => parseTrustProxy("everyone")).toThrow(ConfigError);
  });
});

describe("project bounds", () => {
  it("holds as many tracks as the engine has slots, and finite tempos", () => {
    expect(MAX_PROJECT_TRACKS).toBe(DSP_ABI.maxTracks);
    const state = (tracks: number, bps: number) => ({
      timing: { bps },
      tracks: Array.from({ length: tracks }, (_, index) => ({ id: `t${index}` })),
      selection: {},
    });
    expect(() => parseProjectState(state(257, 2))).toThrow(/at most 256 tracks/);
    expect(() => parseProjectState(state(1, 1e308))).toThrow(/at most 1200 BPM/);
    expect(() => parseProjectState(state(1, 1e-300))).toThrow(/at least 6 BPM/);
    expect(parseProjectState(state(2, 2)).tracks).toHaveLength(2);
  });
});

describe("image sniffing and fitting", () => {
  it("tells the format and size from the bytes alone", () => {
    expect(sniffImage(smallPng(12))).toEqual({ format: "png", width: 12, height: 12 });
    const jpg = jpeg.encode({ width: 30, height: 20, data: new Uint8Array(30 * 20 * 4) }, 80).data;
    expect(sniffImage(jpg)).toEqual({ format: "jpeg", width: 30, height: 20 });
    const bmp = encodeBmp({
      width: 5,
      height: 7,
      data: new Uint8Array(5 * 7 * 3),
      channels: 3,
      bitsPerPixel: 24,
      components: 3,
    });
    expect(sniffImage(bmp)).toEqual({ format: "bmp", width: 5, height: 7 });
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImage(Buffer.from(`GIF89a${"\u0000".repeat(40)}`))).toBeNull();
  });

  it("fits within the square keeping the aspect, averaging pixels and flattening alpha on black", () => {
    expect(fitWithin(4000, 1000, 1024)).toEqual({ width: 1024, height: 256 });
    expect(fitWithin(300, 200, 1024)).toEqual({ width: 300, height: 200 });
    // Two pixels, white opaque and white transparent, become one mid-grey pixel.
    const data = new Uint8Array([255, 255, 255, 255, 255, 255, 255, 0]);
    const fitted = fitImage({ width: 2, height: 1, data }, 1);
    expect([...fitted.data]).toEqual([128, 128, 128, 255]);
  });
});

describe("leftovers of crashed writes", () => {
  it("removes partial files older than the age given, counting them, and keeps young ones and real files", async () => {
    const root = mkdtempSync(join(tmpdir(), "tunesmith-leftovers-"));
    const storage = new LocalDiskStorage(root);
    mkdirSync(join(root, "clips/a"), { recursive: true });
    const old = [
      join(root, "clips/a/audio.wav.partial-123-abcdef"),
      join(root, "clips/a/audio.wav.partial-123-abcdef.type"),
    ];
    const young = join(root, "clips/a/image.png.partial-456-012345");
    const real = join(root, "clips/a/audio.wav");
    for (const path of [...old, young, real]) writeFileSync(path, Buffer.alloc(1000));
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const path of [...old, real]) utimesSync(path, twoHoursAgo, twoHoursAgo);
    expect(await storage.removeLeftovers(3600_000)).toEqual({ files: 2, bytes: 2000 });
    expect(old.map((path) => existsSync(path))).toEqual([false, false]);
    expect(statSync(young).size).toBe(1000);
    expect(statSync(real).size).toBe(1000);
  });

  it("sweeps again on its interval, not only at start", async () => {
    const root = mkdtempSync(join(tmpdir(), "tunesmith-leftovers-"));
    mkdirSync(join(root, "clips/b"), { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const staleFile = (name: string) => {
      const path = join(root, "clips/b", name);
      writeFileSync(path, Buffer.alloc(10));
      utimesSync(path, twoHoursAgo, twoHoursAgo);
      return path;
    };
    const atStart = staleFile("audio.wav.partial-788-abcdef");
    const app = Fastify();
    registerLeftoverSweep(app, new LocalDiskStorage(root), 50);
    await app.ready();
    try {
      await expect.poll(() => existsSync(atStart), { timeout: 30_000 }).toBe(false);
      // Left by a write that died after the start's sweep had looked: only a later sweep finds it.
      const later = staleFile("audio.wav.partial-789-abcdef");
      await expect.poll(() => existsSync(later), { timeout: 30_000 }).toBe(false);
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
