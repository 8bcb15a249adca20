import { describe, expect, it } from "vitest";
import { servedImageSize, sizedImageSrcSet, sizedImageUrl } from "../../src/shared/api/images.ts";

describe("served image sizes", () => {
  it("picks the smallest size sharp at the shown size on this screen, the largest past it", () => {
    expect(servedImageSize(48)).toBe(100);
    expect(servedImageSize(48, 2)).toBe(100);
    expect(servedImageSize(48, 3)).toBe(360);
    expect(servedImageSize(100, 1)).toBe(100);
    expect(servedImageSize(101, 1)).toBe(360);
    expect(servedImageSize(240, 2)).toBe(720);
    expect(servedImageSize(600, 2)).toBe(1024);
    // A ratio below one (zoomed out) still asks for the size in CSS pixels.
    expect(servedImageSize(300, 0.5)).toBe(360);
  });

  it("adds the size to this server's media addresses only", () => {
    expect(sizedImageUrl("/api/media/clips/a/image.jpg?v=x1", 100)).toBe(
      "/api/media/clips/a/image.jpg?v=x1&size=100",
    );
    expect(sizedImageUrl("/api/media/avatars/u.jpg", 360)).toBe("/api/media/avatars/u.jpg?size=360");
    expect(sizedImageUrl("data:image/png;base64,AAAA", 100)).toBe("data:image/png;base64,AAAA");
    expect(sizedImageUrl("https://example.com/cover.jpg", 100)).toBe("https://example.com/cover.jpg");
  });

  it("lists every served size of this server's images for the browser to choose from", () => {
    expect(sizedImageSrcSet("/api/media/clips/a/image.jpg?v=x1")).toBe(
      [
        "/api/media/clips/a/image.jpg?v=x1&size=100 100w",
        "/api/media/clips/a/image.jpg?v=x1&size=360 360w",
        "/api/media/clips/a/image.jpg?v=x1&size=720 720w",
        "/api/media/clips/a/image.jpg?v=x1&size=1024 1024w",
      ].join(", "),
    );
    expect(sizedImageSrcSet("data:image/png;base64,AAAA")).toBeNull();
  });
});
