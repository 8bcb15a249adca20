import type { ImageFormat } from "../../shared/api/images.ts";

export interface SniffedImage {
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** JPEG keeps its size in the first start-of-frame segment (SOF0..SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[at + 5] << 8) | bytes[at + 6], width: (bytes[at + 7] << 8) | bytes[at + 8] };
    }
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  const chunk = ascii(bytes, 12, 4);
  const u24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
  if (chunk === "VP8X" && bytes.length >= 30) return { width: u24(24) + 1, height: u24(27) + 1 };
  if (chunk === "VP8 " && bytes.length >= 30) {
    return {
      width: (bytes[26] | (bytes[27] << 8)) & 0x3fff,
      height: (bytes[28] | (bytes[29] << 8)) & 0x3fff,
    };
  }
  if (chunk === "VP8L" && bytes.length >= 25) {
    const bits = bytes[21] | (bytes[22] << 8) | (bytes[23] << 16) | (bytes[24] << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/**
 * What an image file is, by its bytes (never by the name or type a client gives), and its size from
 * its header, read before anything is decoded; null for anything but JPEG, PNG, WebP and BMP.
 */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (bytes.length < 26) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let found: { format: ImageFormat; size: { width: number; height: number } | null } | null = null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    found = { format: "jpeg", size: jpegSize(bytes) };
  else if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n" && ascii(bytes, 12, 4) === "IHDR") {
    found = { format: "png", size: { width: view.getUint32(16), height: view.getUint32(20) } };
  } else if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") {
    found = { format: "webp", size: webpSize(bytes) };
  } else if (ascii(bytes, 0, 2) === "BM") {
    // Height is negative for top-down bitmaps.
    found = {
      format: "bmp",
      size: { width: view.getInt32(18, true), height: Math.abs(view.getInt32(22, true)) },
    };
  }
  if (!found?.size || found.size.width <= 0 || found.size.height <= 0) return null;
  return { format: found.format, ...found.size };
}
