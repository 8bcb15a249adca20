import { inflateSync, crc32 as zlibCrc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { COVER_SIZE, coverImage } from "../../src/generator/cover-art/cover-image.ts";
import { crc32, PNG_SIGNATURE } from "../../src/generator/cover-art/png.ts";

interface Chunk {
  readonly type: string;
  readonly data: Buffer;
  readonly crc: number;
  readonly crcInput: Buffer;
}

function chunks(png: Buffer): Chunk[] {
  const out: Chunk[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    out.push({
      type,
      data: png.subarray(at + 8, at + 8 + length),
      crc: png.readUInt32BE(at + 8 + length),
      crcInput: png.subarray(at + 4, at + 8 + length),
    });
    at += 12 + length;
  }
  return out;
}

describe("cover image", () => {
  const png = Buffer.from(coverImage(42, "lo-fi, chill, piano", "Rainy Window"));

  it("is a valid PNG: signature, IHDR, chunk CRCs, and pixel rows that inflate to the size", () => {
    expect([...png.subarray(0, 8)]).toEqual([...PNG_SIGNATURE]);
    const list = chunks(png);
    expect(list.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
    for (const chunk of list) {
      expect(chunk.crc).toBe(zlibCrc32(chunk.crcInput));
      expect(crc32(chunk.crcInput)).toBe(chunk.crc);
    }
    const header = list[0].data;
    expect(header.readUInt32BE(0)).toBe(COVER_SIZE);
    expect(header.readUInt32BE(4)).toBe(COVER_SIZE);
    expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    const raw = inflateSync(list[1].data);
    expect(raw.length).toBe((COVER_SIZE * 3 + 1) * COVER_SIZE);
    for (let y = 0; y < COVER_SIZE; y++) expect(raw[y * (COVER_SIZE * 3 + 1)]).toBe(0);
    // Not a flat colour.
    const colours = new Set<number>();
    for (let i = 1; i < raw.length; i += 997) colours.add(raw[i]);
    expect(colours.size).toBeGreaterThan(10);
  });

  it("is deterministic and changes with the seed, the style and the title", () => {
    expect(Buffer.from(coverImage(42, "lo-fi, chill, piano", "Rainy Window")).equals(png)).toBe(true);
    expect(Buffer.from(coverImage(43, "lo-fi, chill, piano", "Rainy Window")).equals(png)).toBe(false);
    expect(Buffer.from(coverImage(42, "metal", "Rainy Window")).equals(png)).toBe(false);
    expect(Buffer.from(coverImage(42, "lo-fi, chill, piano", "Sunny Window")).equals(png)).toBe(false);
  });

  it("computes the CRC-32 check value", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
  });
});
