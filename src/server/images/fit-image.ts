import type { SquareCrop } from "../../shared/api/avatar-crop.ts";

/** Pixels as RGBA bytes, row by row. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array | Uint8ClampedArray;
}

/** The square's pixels, copied row by row; the square lies inside the image (squareInside). */
export function cropSquare(image: RgbaImage, crop: SquareCrop): RgbaImage {
  const out = new Uint8Array(crop.size * crop.size * 4);
  for (let row = 0; row < crop.size; row++) {
    const from = ((crop.y + row) * image.width + crop.x) * 4;
    out.set(image.data.subarray(from, from + crop.size * 4), row * crop.size * 4);
  }
  return { width: crop.size, height: crop.size, data: out };
}

/** The size that fits within a max-by-max square, keeping the aspect; never larger than the original. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The image at the fitted size (an area average over each target pixel, so a downscale does not
 * alias), on black where it was transparent: the stored formats carry no alpha.
 */
export function fitImage(image: RgbaImage, max: number): RgbaImage {
  const size = fitWithin(image.width, image.height, max);
  const out = new Uint8Array(size.width * size.height * 4);
  const xScale = image.width / size.width;
  const yScale = image.height / size.height;
  for (let y = 0; y < size.height; y++) {
    const y0 = Math.floor(y * yScale);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * yScale));
    for (let x = 0; x < size.width; x++) {
      const x0 = Math.floor(x * xScale);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * xScale));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const at = (sy * image.width + sx) * 4;
          const alpha = image.data[at + 3] / 255;
          r += image.data[at] * alpha;
          g += image.data[at + 1] * alpha;
          b += image.data[at + 2] * alpha;
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const to = (y * size.width + x) * 4;
      out[to] = Math.round(r / count);
      out[to + 1] = Math.round(g / count);
      out[to + 2] = Math.round(b / count);
      out[to + 3] = 255;
    }
  }
  return { ...size, data: out };
}
