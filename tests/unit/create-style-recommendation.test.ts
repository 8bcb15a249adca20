import { describe, expect, it } from "vitest";
import { RECOMMEND_TAGS_TEXT_MAX, recommendTagsBodySchema } from "../../src/shared/api/create-support.ts";
import { recommendTagsBody, writtenStyles } from "../../src/shared/create/style-recommendation.ts";

describe("the styles sent for recommendations", () => {
  it("are the written styles as a comma list; none written asks nothing", () => {
    expect(writtenStyles(" synthwave, ,80s ,")).toEqual(["synthwave", "80s"]);
    expect(recommendTagsBody(" synthwave, ,80s ,")).toEqual({ tags: "synthwave, 80s" });
    expect(recommendTagsBody(" , ")).toBeNull();
  });

  it("leave out the styles past the server's limit, keeping the ones before whole", () => {
    const style = "x".repeat(99);
    const text = Array.from({ length: 30 }, () => style).join(",");
    const body = recommendTagsBody(text);
    // 99 + 9 * (2 + 99) = 1008 is past 1000: the first 9 styles fit (907 characters).
    expect(body?.tags).toBe(Array.from({ length: 9 }, () => style).join(", "));
    expect(recommendTagsBodySchema.safeParse(body).success).toBe(true);
  });

  it("cut a single style longer than the limit, never half a character", () => {
    expect(recommendTagsBody("z".repeat(1500))?.tags).toHaveLength(RECOMMEND_TAGS_TEXT_MAX);
    const emoji = recommendTagsBody(`a${"🎵".repeat(600)}`)?.tags ?? "";
    expect(emoji).toBe(`a${"🎵".repeat(499)}`);
  });

  it("always make a body the server's schema takes", () => {
    const samples = [
      "z".repeat(1001),
      `${"pop, ".repeat(400)}rock`,
      "a,".repeat(2000),
      `${"y".repeat(998)}, b`,
    ];
    for (const text of samples) {
      const body = recommendTagsBody(text);
      expect(body).not.toBeNull();
      expect(recommendTagsBodySchema.safeParse(body).success).toBe(true);
    }
    // A list exactly at the limit goes whole; one character more leaves the last style out.
    expect(recommendTagsBody(`${"y".repeat(997)}, b`)?.tags).toHaveLength(1000);
    expect(recommendTagsBody(`${"y".repeat(998)}, b`)?.tags).toBe("y".repeat(998));
  });
});
