import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import encodeWebp, { init as initWebpEncoder } from "@jsquash/webp/encode.js";
import { encode as encodeBmp } from "fast-bmp";
import { encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { beforeAll, describe, expect, it } from "vitest";
import { ImageRejected, reencodeImage } from "../../src/server/images/reencode-image.ts";
import { IMAGE_NOT_READABLE, IMAGE_TOO_MANY_PIXELS } from "../../src/shared/api/images.ts";

const require = createRequire(import.meta.url);
const W = 48;
const H = 32;

/** A left-red, right-blue picture, to see that colours survive the round trip. */
function picture(): Uint8Array {
  const data = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      data.set(x < W / 2 ? [220, 20, 20, 255] : [20, 20, 220, 255], (y * W + x) * 4);
  return data;
}

/** The pixel at (x, y) of a re-encoded JPEG. */
function pixel(bytes: Buffer, x: number, y: number): number[] {
  const image = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
  return [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3)];
}

const rgb = () => {
  const rgba = picture();
  const out = new Uint8Array(W * H * 3);
  for (let i = 0; i < W * H; i++) out.set(rgba.subarray(i * 4, i * 4 + 3), i * 3);
  return out;
};

describe("re-encoding a user's image", () => {
  beforeAll(async () => {
    await initWebpEncoder(
      await WebAssembly.compile(readFileSync(require.resolve("@jsquash/webp/codec/enc/webp_enc.wasm"))),
    );
  });

  it("reads JPEG, PNG (8 and 16 bits), WebP and BMP into a JPEG with the same picture", async () => {
    const eight = picture();
    const sixteen = Uint16Array.from(eight, (value) => value * 257);
    const inputs: Record<string, Uint8Array> = {
      jpeg: jpeg.encode({ width: W, height: H, data: picture() }, 95).data,
      png: encodePng({ width: W, height: H, data: picture(), channels: 4 }),
      png16: encodePng({ width: W, height: H, data: sixteen, channels: 4, depth: 16 }),
      webp: new Uint8Array(
        await encodeWebp(
          { width: W, height: H, data: new Uint8ClampedArray(picture()), colorSpace: "srgb" },
          { lossless: 1 },
        ),
      ),
      bmp: encodeBmp({ width: W, height: H, data: rgb(), channels: 3, components: 3, bitsPerPixel: 24 }),
    };
    for (const [name, bytes] of Object.entries(inputs)) {
      const image = await reencodeImage(bytes);
      expect([name, image.width, image.height]).toEqual([name, W, H]);
      const [red, , blue] = pixel(image.jpeg, 4, 4);
      expect([name, red > 180 && blue < 70]).toEqual([name, true]);
      const [red2, , blue2] = pixel(image.jpeg, W - 4, 4);
      expect([name, blue2 > 180 && red2 < 70]).toEqual([name, true]);
    }
  });

  it("refuses files that are not images, are cut short, or claim too many pixels", async () => {
    const png = encodePng({ width: W, height: H, data: picture(), channels: 4 });
    const huge = Buffer.from(png);
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(10_000, 20);
    const cases: [Uint8Array, string][] = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        IMAGE_NOT_READABLE,
      ],
      [png.subarray(0, 60), IMAGE_NOT_READABLE],
      [Buffer.from("%PDF-1.7 not an image at all, not at all"), IMAGE_NOT_READABLE],
      [huge, IMAGE_TOO_MANY_PIXELS],
    ];
    for (const [bytes, message] of cases) {
      const refused = await reencodeImage(bytes).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ImageRejected);
      expect((refused as Error).message).toBe(message);
    }
  });
});
