import { describe, expect, it } from "vitest";
import {
  isPromoHidden,
  newPromoRecord,
  PROMO_HIDE_WINDOW_MS,
  readPromoRecord,
  recordHide,
  recordImpression,
} from "../../src/shared/discovery/promo.ts";
import {
  captionHashtags,
  parseSearchAddress,
  searchHref,
  songTags,
} from "../../src/shared/discovery/tags.ts";

describe("tags and hashtags", () => {
  it("splits styles into trimmed, lowered tags, each once", () => {
    expect(songTags(" Synth Pop, dreamy,, synth pop ,Lo-Fi ")).toEqual(["synth pop", "dreamy", "lo-fi"]);
    expect(songTags(null)).toEqual([]);
  });

  it("finds a caption's hashtags", () => {
    expect(captionHashtags("New one #Summer #lo_fi and #summer, #2025!")).toEqual([
      "summer",
      "lo_fi",
      "2025",
    ]);
    expect(captionHashtags("no tags # here")).toEqual([]);
  });

  it("makes and reads search addresses, terms trimmed and cut to 256", () => {
    expect(searchHref("tag", " synth pop ")).toBe("/search?q=synth+pop&type=tag");
    expect(parseSearchAddress("?q=synth+pop&type=tag")).toEqual({ kind: "tag", term: "synth pop" });
    expect(parseSearchAddress("?q=%23summer&type=hashtag")).toEqual({ kind: "hashtag", term: "summer" });
    expect(parseSearchAddress("?q=x&type=bogus").kind).toBe("words");
    expect(parseSearchAddress(`?q=${"a".repeat(10_000)}`).term).toHaveLength(256);
    expect(searchHref("words", `  ${"b".repeat(300)}`)).toBe(`/search?q=${"b".repeat(256)}`);
  });
});

describe("the promo sidebar's hide rule", () => {
  const start = 1_000_000;

  it("hides after two hides within 48 hours, and comes back 48 hours after the last", () => {
    let record = recordImpression(newPromoRecord("promo", "create", start), start);
    expect(record.impression).toBe(1);
    record = recordHide(record, start);
    expect(isPromoHidden(record, start)).toBe(false);
    record = recordHide(record, start + PROMO_HIDE_WINDOW_MS - 1);
    expect(record).toMatchObject({ hide_count: 2, dismissed: true });
    expect(isPromoHidden(record, start + PROMO_HIDE_WINDOW_MS)).toBe(true);
    expect(isPromoHidden(record, start + 2 * PROMO_HIDE_WINDOW_MS)).toBe(false);
  });

  it("starts the count again when the hides are more than 48 hours apart", () => {
    const first = recordHide(newPromoRecord("promo", "create", start), start);
    const second = recordHide(first, start + PROMO_HIDE_WINDOW_MS + 1);
    expect(second.hide_count).toBe(1);
    expect(isPromoHidden(second, start + PROMO_HIDE_WINDOW_MS + 2)).toBe(false);
  });

  it("reads a stored record, and nothing from a damaged one", () => {
    const record = recordHide(newPromoRecord("promo", "create", start), start);
    expect(readPromoRecord(JSON.stringify(record))).toEqual(record);
    expect(readPromoRecord("{not json")).toBeNull();
    expect(readPromoRecord(JSON.stringify({ ...record, hide_count: "two" }))).toBeNull();
    expect(readPromoRecord(null)).toBeNull();
  });
});
