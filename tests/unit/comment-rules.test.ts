import { describe, expect, it } from "vitest";
import { completeMention, mentionAtCaret, mentionedHandles } from "../../src/shared/api/comments.ts";
import { formatTrackTimestamp } from "../../src/shared/track-time.ts";

describe("comment rules", () => {
  it("writes a timestamp as m:ss or h:mm:ss", () => {
    expect([0, 5.9, 83, 725, 3723].map(formatTrackTimestamp)).toEqual([
      "0:00",
      "0:05",
      "1:23",
      "12:05",
      "1:02:03",
    ]);
  });

  it("finds the handles a text names, once each, not inside emails", () => {
    expect(mentionedHandles("@ann and @bob_2, again @ann; mail x@ann.com @ab")).toEqual(["ann", "bob_2"]);
  });

  it("finds the @word being typed at the caret", () => {
    expect(mentionAtCaret("hi @al", 6)).toEqual({ start: 3, prefix: "al" });
    expect(mentionAtCaret("@", 1)).toEqual({ start: 0, prefix: "" });
    expect(mentionAtCaret("hi @al there", 12)).toBeNull();
    expect(mentionAtCaret("a@b", 3)).toBeNull();
  });

  it("completes the @word at the caret with the chosen handle", () => {
    expect(completeMention("hi @al!", 6, "alice")).toEqual({ content: "hi @alice !", caret: 10 });
    expect(completeMention("no mention", 3, "alice")).toEqual({ content: "no mention", caret: 3 });
  });
});
