import { describe, expect, it } from "vitest";
import { toggledLike } from "../../src/app/hooks/hook-like.ts";

describe("a hook's like, pressed", () => {
  it("likes an unliked hook and counts one more", () => {
    expect(toggledLike({ liked: false, count: 4 })).toEqual({ liked: true, count: 5 });
  });
  it("takes the like back and counts one less, never below zero", () => {
    expect(toggledLike({ liked: true, count: 5 })).toEqual({ liked: false, count: 4 });
    expect(toggledLike({ liked: true, count: 0 })).toEqual({ liked: false, count: 0 });
  });
});
