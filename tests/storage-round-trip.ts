import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { expect } from "vitest";
import type { Storage } from "../src/server/storage/storage.ts";

/** Puts `key` in two chunks, stats it, reads it whole and by ranges, deletes it; answers the body put. */
export async function expectObjectRoundTrip(storage: Storage, key: string): Promise<Buffer> {
  const body = Buffer.from("0123456789".repeat(1000));
  const stored = await storage.put(key, Readable.from([body.subarray(0, 5000), body.subarray(5000)]), {
    contentType: "audio/wav",
    maxBytes: 10_000,
  });
  expect(stored).toEqual({ size: 10_000, contentType: "audio/wav" });
  expect(await storage.stat(key)).toEqual({ size: 10_000, contentType: "audio/wav" });
  expect(Buffer.compare(await buffer(await storage.read(key)), body)).toBe(0);
  expect((await buffer(await storage.read(key, { start: 10, end: 19 }))).toString()).toBe("0123456789");
  expect((await buffer(await storage.read(key, { start: 9995, end: 9999 }))).toString()).toBe("56789");
  return body;
}

/** Copies an object inside the store: the copy has the bytes and type, and outlives the original. */
export async function expectObjectCopy(storage: Storage, from: string, to: string): Promise<void> {
  const body = Buffer.from("stem ".repeat(2000));
  await storage.put(from, Readable.from([body]), { contentType: "audio/wav" });
  expect(await storage.copy(from, to)).toEqual({ size: body.length, contentType: "audio/wav" });
  await storage.delete(from);
  expect(await storage.stat(from)).toBeNull();
  expect(await storage.stat(to)).toEqual({ size: body.length, contentType: "audio/wav" });
  expect(Buffer.compare(await buffer(await storage.read(to)), body)).toBe(0);
}
