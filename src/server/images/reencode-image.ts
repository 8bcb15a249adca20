import jpeg from "jpeg-js";
import {
  AVATAR_CROP_OUTSIDE,
  centredSquare,
  type SquareCrop,
  squareInside,
} from "../../shared/api/avatar-crop.ts";
import {
  IMAGE_MAX_PIXELS,
  IMAGE_NOT_READABLE,
  IMAGE_SIDE_MAX,
  IMAGE_TOO_MANY_PIXELS,
} from "../../shared/api/images.ts";
import { decodeImage } from "./decode-image.ts";
import { cropSquare, fitImage } from "./fit-image.ts";
import { sniffImage } from "./image-format.ts";

/** An image the user must fix, with the message to show them. */
export class ImageRejected extends Error {}

/** JPEG at this quality: a cover looks as sent, at a tenth of a PNG's size. */
const JPEG_QUALITY = 85;

/** What of the picture is kept: all of it, a square its owner framed, or the centred square. */
export type ImageCut = "whole" | "centred" | SquareCrop;

/**
 * A user's image made ours: decoded from JPEG, PNG, WebP or BMP (by its bytes, whatever it claims
 * to be), cut (an avatar is a square), fitted within `maxSide` (IMAGE_SIDE_MAX when stored, a
 * served size when resized) and encoded as a fresh JPEG. Nothing of the file as sent (its markup,
 * metadata or extra chunks) survives, so what is served is only pixels.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  maxSide: number = IMAGE_SIDE_MAX,
  cut: ImageCut = "whole",
): Promise<{ jpeg: Buffer; width: number; height: number }> {
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw new ImageRejected(IMAGE_NOT_READABLE);
  if (sniffed.width * sniffed.height > IMAGE_MAX_PIXELS) throw new ImageRejected(IMAGE_TOO_MANY_PIXELS);
  let decoded: Awaited<ReturnType<typeof decodeImage>>;
  try {
    decoded = await decodeImage(bytes, sniffed);
  } catch {
    decoded = null;
  }
  if (!decoded || decoded.width !== sniffed.width || decoded.height !== sniffed.height)
    throw new ImageRejected(IMAGE_NOT_READABLE);
  const square = cut === "centred" ? centredSquare(decoded.width, decoded.height) : cut;
  if (square !== "whole" && !squareInside(square, decoded.width, decoded.height))
    throw new ImageRejected(AVATAR_CROP_OUTSIDE);
  const fitted = fitImage(square === "whole" ? decoded : cropSquare(decoded, square), maxSide);
  const encoded = jpeg.encode(
    { width: fitted.width, height: fitted.height, data: fitted.data },
    JPEG_QUALITY,
  );
  return { jpeg: encoded.data, width: fitted.width, height: fitted.height };
}
