// Stored images at the served sizes: a list asks for a 100 px cover, a song page for 720 px. Each
// size is made once, on first request, by the image thread, and kept beside the image; an image
// already within the size is served as it is.

import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { IMAGE_SIZES, type ImageSize } from "../../shared/api/images.ts";
import type { Storage } from "../storage/storage.ts";
import { sniffImage } from "./image-format.ts";
import { runImageThread } from "./run-image-thread.ts";

/** Where an image's copy at a size is kept. */
export const sizedImageKey = (key: string, size: ImageSize) => `sized/${size}/${key}`;

/** Every sized copy an image may have, for deleting them with it. */
export const sizedImageKeys = (key: string) => IMAGE_SIZES.map((size) => sizedImageKey(key, size));

/** Copies being made: two lists asking at once for one cover make it once. */
const making = new Map<string, Promise<string>>();

/** The key to serve for the image at `size`: its sized copy, made now if need be, or the image itself. */
export function imageAtSize(storage: Storage, key: string, size: ImageSize): Promise<string> {
  const sizedKey = sizedImageKey(key, size);
  const pending = making.get(sizedKey);
  if (pending) return pending;
  const made = (async () => {
    if (await storage.stat(sizedKey)) return sizedKey;
    if (!(await storage.stat(key))) return key;
    const bytes = new Uint8Array(await buffer(await storage.read(key)));
    const sniffed = sniffImage(bytes);
    if (!sniffed || Math.max(sniffed.width, sniffed.height) <= size) return key;
    const image = await runImageThread(bytes, size);
    await storage.put(sizedKey, Readable.from([Buffer.from(image.jpeg)]), { contentType: "image/jpeg" });
    return sizedKey;
  })().finally(() => making.delete(sizedKey));
  making.set(sizedKey, made);
  return made;
}
