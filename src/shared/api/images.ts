import { z } from "zod";

/** Ours: an image a user gives (a cover) is at most this many bytes as sent... */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** ...and this many pixels once decoded, so decoding one stays within a bounded amount of memory. */
export const IMAGE_MAX_PIXELS = 25_000_000;
/** Stored images fit in this square: covers are shown at 200 px, twice that and more on large screens. */
export const IMAGE_SIDE_MAX = 1024;

/** The sizes images are served in (the longest side, in pixels): lists ask for small, pages for large. */
export const IMAGE_SIZES = [100, 360, 720, 1024] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const imageSizeSchema = z.coerce
  .number()
  .refine((size): size is ImageSize => (IMAGE_SIZES as readonly number[]).includes(size), {
    message: `Image sizes are ${IMAGE_SIZES.join(", ")}`,
  });

/**
 * The smallest served size that is sharp at `displayPx` CSS pixels on a screen of `pixelRatio`
 * device pixels to each; the largest when none is.
 */
export function servedImageSize(displayPx: number, pixelRatio = 1): ImageSize {
  const needed = displayPx * Math.max(1, pixelRatio);
  return IMAGE_SIZES.find((size) => size >= needed) ?? IMAGE_SIDE_MAX;
}

/**
 * The address of our stored image at a served size. Only this server's media addresses take a size;
 * others (a data: preview, a picture elsewhere) are kept as they are.
 */
export function sizedImageUrl(url: string, size: ImageSize): string {
  if (!url.startsWith("/api/media/")) return url;
  return `${url}${url.includes("?") ? "&" : "?"}size=${size}`;
}

/**
 * Every served size of our stored image, for an `<img srcset>`: the browser takes the one sharp at
 * the shown size on its screen, and a zoom or a move to another screen asks for another. Null for
 * images elsewhere, which come in one size.
 */
export function sizedImageSrcSet(url: string): string | null {
  if (!url.startsWith("/api/media/")) return null;
  return IMAGE_SIZES.map((size) => `${sizedImageUrl(url, size)} ${size}w`).join(", ");
}

/** The image formats taken, as the studio's image picker lists them. */
export const IMAGE_FORMATS = ["jpeg", "png", "webp", "bmp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_NOT_READABLE = "Please upload an image: JPEG, PNG, WebP or BMP";
export const IMAGE_TOO_LARGE = "The image is too large: images are at most 10 MB";
export const IMAGE_TOO_MANY_PIXELS = "The image is too large: images are at most 25 megapixels";

/** POST /api/uploads/image/: the image, re-encoded by the server, to name as a clip's image_s3_id. */
export const imageUploadResponseSchema = z.object({
  image_s3_id: z.uuid(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;
