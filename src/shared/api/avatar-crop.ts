import { z } from "zod";
import { imageUploadResponseSchema } from "./images.ts";

/**
 * An avatar is a square: the part of the picture its owner framed, in the picture's own pixels
 * (x and y its top-left corner, size its side). Without one the centred square is taken.
 */
export interface SquareCrop {
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

export const AVATAR_CROP_OUTSIDE = "The crop must be a square inside the image";
export const AVATAR_CROP_PARTIAL = "Give the crop's x, y and size together, or none for the centred square";

const pixel = z.coerce.number().int("Crop values are whole pixels").min(0, "Crop values are not negative");

/** POST /api/profiles/avatar/'s query: the square to keep, or nothing for the centred one. */
export const avatarCropQuerySchema = z
  .object({
    x: pixel.optional(),
    y: pixel.optional(),
    size: pixel.min(1, "The crop's size is at least 1").optional(),
  })
  .refine(
    (crop) =>
      [crop.x, crop.y, crop.size].every((value) => value === undefined) ||
      [crop.x, crop.y, crop.size].every((value) => value !== undefined),
    {
      message: AVATAR_CROP_PARTIAL,
    },
  )
  .transform((crop): SquareCrop | null =>
    crop.x === undefined || crop.y === undefined || crop.size === undefined
      ? null
      : { x: crop.x, y: crop.y, size: crop.size },
  );

/** The answer: the avatar as now served, and the stored square's side. */
export const avatarUploadResponseSchema = z.object({
  avatar_image_url: z.string(),
  width: imageUploadResponseSchema.shape.width,
  height: imageUploadResponseSchema.shape.height,
});
export type AvatarUploadResponse = z.infer<typeof avatarUploadResponseSchema>;

/** The largest square in the middle of a width-by-height picture. */
export function centredSquare(width: number, height: number): SquareCrop {
  const size = Math.min(width, height);
  return { x: Math.floor((width - size) / 2), y: Math.floor((height - size) / 2), size };
}

/** Whether the square lies wholly inside the picture. */
export const squareInside = (crop: SquareCrop, width: number, height: number): boolean =>
  crop.size >= 1 && crop.x >= 0 && crop.y >= 0 && crop.x + crop.size <= width && crop.y + crop.size <= height;

/**
 * The square the user asked for, kept inside the picture: its side at most the picture's shorter
 * one and at least `minSize`, then moved (never resized again) until no edge sticks out. Whole pixels.
 */
export function clampSquare(crop: SquareCrop, width: number, height: number, minSize = 1): SquareCrop {
  const limit = Math.min(width, height);
  const size = Math.round(Math.min(limit, Math.max(Math.min(minSize, limit), crop.size)));
  const x = Math.round(Math.min(width - size, Math.max(0, crop.x)));
  const y = Math.round(Math.min(height - size, Math.max(0, crop.y)));
  return { x, y, size };
}
