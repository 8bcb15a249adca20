import { describe, expect, it } from "vitest";
import {
  commentLink,
  deeplinkedCommentId,
  songLink,
  songPath,
  startSeconds,
} from "../../src/shared/song-link.ts";

const ID = "6f1c2a3b-1d2e-4f50-8a9b-0c1d2e3f4a5b";

describe("song links", () => {
  it("is the song page's address, with ?t= whole seconds when a position is given", () => {
    expect(songPath(ID)).toBe(`/song/${ID}`);
    expect(songLink("https://x.test", ID)).toBe(`https://x.test/song/${ID}`);
    expect(songLink("https://x.test", ID, 83.9)).toBe(`https://x.test/song/${ID}?t=83`);
  });

  it("leaves ?t= out for the first second and for a position that is no number", () => {
    expect(songLink("https://x.test", ID, 0.6)).toBe(`https://x.test/song/${ID}`);
    expect(songLink("https://x.test", ID, Number.NaN)).toBe(`https://x.test/song/${ID}`);
  });
});

describe("the start time from the address", () => {
  it("reads t as seconds", () => {
    expect(startSeconds("?t=83")).toBe(83);
    expect(startSeconds("?x=1&t=12.5")).toBe(12.5);
  });

  it("starts at 0 without t, for a t that is no time, and for one past the song's end", () => {
    expect(startSeconds("")).toBe(0);
    expect(startSeconds("?t=")).toBe(0);
    expect(startSeconds("?t=abc")).toBe(0);
    expect(startSeconds("?t=-5")).toBe(0);
    expect(startSeconds("?t=Infinity")).toBe(0);
    expect(startSeconds("?t=200", 120)).toBe(0);
    expect(startSeconds("?t=119", 120)).toBe(119);
  });
});

describe("a link to one comment", () => {
  const COMMENT = "0b9d2a4e-1c3f-4a5b-8c7d-6e5f4a3b2c1d";

  it("is the song page with deeplink, read back as the comment's id", () => {
    const link = commentLink("https://x.test", ID, COMMENT);
    expect(link).toBe(`https://x.test/song/${ID}?deeplink=${COMMENT}`);
    expect(deeplinkedCommentId(new URL(link).search)).toBe(COMMENT);
    expect(deeplinkedCommentId(`?t=3&deeplink=${COMMENT.toUpperCase()}`)).toBe(COMMENT);
  });

  it("names no comment without deeplink or with one that is no comment id", () => {
    expect(deeplinkedCommentId("")).toBeNull();
    expect(deeplinkedCommentId("?deeplink=")).toBeNull();
    expect(deeplinkedCommentId("?deeplink=42")).toBeNull();
    expect(deeplinkedCommentId(`?deeplink=${COMMENT}x`)).toBeNull();
  });
});
