import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import decodeWebp, { init as initWebp } from "@jsquash/webp/decode.js";
import { decode as decodeBmp } from "fast-bmp";
import { convertIndexedToRgb, decode as decodePng } from "fast-png";
import jpeg from "jpeg-js";
import { IMAGE_MAX_PIXELS } from "../../shared/api/images.ts";
import type { RgbaImage } from "./fit-image.ts";
import type { SniffedImage } from "./image-format.ts";

const require = createRequire(import.meta.url);
let webpReady: Promise<void> | undefined;

/** The WebP decoder is wasm; Node has no fetch of files, so its module is compiled from the package. */
function readyWebp(): Promise<void> {
  webpReady ??= WebAssembly.compile(
    readFileSync(require.resolve("@jsquash/webp/codec/dec/webp_dec.wasm")),
  ).then((module) => initWebp(module));
  return webpReady;
}

/** Decoded samples of 1 to 4 channels (gray, gray and alpha, RGB, RGBA) at any depth, as RGBA bytes. */
function toRgba(
  width: number,
  height: number,
  samples: ArrayLike<number>,
  channels: number,
  maxValue: number,
): RgbaImage | null {
  const pixels = width * height;
  if (channels < 1 || channels > 4 || samples.length < pixels * channels) return null;
  const data = new Uint8Array(pixels * 4);
  const scale = 255 / maxValue;
  for (let pixel = 0; pixel < pixels; pixel++) {
    const from = pixel * channels;
    const to = pixel * 4;
    const gray = channels < 3;
    data[to] = samples[from] * scale;
    data[to + 1] = samples[gray ? from : from + 1] * scale;
    data[to + 2] = samples[gray ? from : from + 2] * scale;
    data[to + 3] = channels === 2 || channels === 4 ? samples[from + channels - 1] * scale : 255;
  }
  return { width, height, data };
}

/** The image's pixels, or null when its bytes do not decode as the format they claim. */
export async function decodeImage(bytes: Uint8Array, sniffed: SniffedImage): Promise<RgbaImage | null> {
  switch (sniffed.format) {
    case "jpeg": {
      const image = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        maxResolutionInMP: IMAGE_MAX_PIXELS / 1_000_000,
        maxMemoryUsageInMB: 512,
      });
      return { width: image.width, height: image.height, data: image.data };
    }
    case "png": {
      const image = decodePng(bytes);
      if (image.palette) {
        const rgb = convertIndexedToRgb(image);
        return toRgba(image.width, image.height, rgb, rgb.length / (image.width * image.height), 255);
      }
      if (image.depth < 8) return null;
      return toRgba(image.width, image.height, image.data, image.channels, image.depth === 16 ? 65535 : 255);
    }
    case "webp": {
      await readyWebp();
      const image = await decodeWebp(bytes.slice().buffer);
      return { width: image.width, height: image.height, data: image.data };
    }
    case "bmp": {
      const image = decodeBmp(bytes);
      if (image.bitsPerPixel < 8) return null;
      return toRgba(image.width, image.height, image.data as Uint8Array, image.channels, 255);
    }
  }
}
