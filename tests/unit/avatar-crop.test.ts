// The avatar's square: the centred one, whether one lies inside the picture, and keeping a square
// the user drags or resizes inside it.

import { describe, expect, it } from "vitest";
import {
  avatarCropQuerySchema,
  centredSquare,
  clampSquare,
  squareInside,
} from "../../src/shared/api/avatar-crop.ts";

describe("the avatar's square", () => {
  it("centres the largest square", () => {
    expect(centredSquare(300, 200)).toEqual({ x: 50, y: 0, size: 200 });
    expect(centredSquare(200, 301)).toEqual({ x: 0, y: 50, size: 200 });
    expect(centredSquare(64, 64)).toEqual({ x: 0, y: 0, size: 64 });
  });

  it("says whether a square lies inside the picture", () => {
    expect(squareInside({ x: 200, y: 100, size: 100 }, 300, 200)).toBe(true);
    expect(squareInside({ x: 201, y: 100, size: 100 }, 300, 200)).toBe(false);
    expect(squareInside({ x: 0, y: 0, size: 201 }, 300, 200)).toBe(false);
    expect(squareInside({ x: 0, y: 0, size: 0 }, 300, 200)).toBe(false);
  });

  it("moves a square back inside, and bounds its side", () => {
    expect(clampSquare({ x: 280, y: -20, size: 100 }, 300, 200)).toEqual({ x: 200, y: 0, size: 100 });
    expect(clampSquare({ x: 10, y: 10, size: 500 }, 300, 200)).toEqual({ x: 10, y: 0, size: 200 });
    expect(clampSquare({ x: 10.4, y: 10.6, size: 5 }, 300, 200, 32)).toEqual({ x: 10, y: 11, size: 32 });
    // A picture smaller than the least side: the whole of its shorter side.
    expect(clampSquare({ x: 0, y: 0, size: 1 }, 20, 10, 32)).toEqual({ x: 0, y: 0, size: 10 });
  });

  it("reads the crop from a query: all three values or none", () => {
    expect(avatarCropQuerySchema.parse({})).toBeNull();
    expect(avatarCropQuerySchema.parse({ x: "4", y: "5", size: "60" })).toEqual({ x: 4, y: 5, size: 60 });
    expect(avatarCropQuerySchema.safeParse({ x: "4", size: "60" }).success).toBe(false);
    expect(avatarCropQuerySchema.safeParse({ x: "1.5", y: "0", size: "60" }).success).toBe(false);
    expect(avatarCropQuerySchema.safeParse({ x: "0", y: "0", size: "0" }).success).toBe(false);
  });
});
