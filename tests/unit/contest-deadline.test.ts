// A contest's deadline as its page words it: over or not, and the day when it has one; nothing for
// a contest open until staff end it.

import { describe, expect, it } from "vitest";
import { contestDeadline } from "../../src/app/contests/contest-calls.ts";

const NOW = Date.parse("2026-12-01T12:00:00Z");

describe("contestDeadline", () => {
  it("is the end day, over once it has passed or staff ended the contest", () => {
    expect(contestDeadline("2026-12-03T00:00:00Z", true, NOW)).toEqual({
      over: false,
      endTime: "2026-12-03T00:00:00Z",
    });
    expect(contestDeadline("2026-11-30T00:00:00Z", true, NOW)).toEqual({
      over: true,
      endTime: "2026-11-30T00:00:00Z",
    });
    expect(contestDeadline("2026-12-03T00:00:00Z", false, NOW)?.over).toBe(true);
  });

  it("is nothing for an open contest without an end, and over without a day once ended", () => {
    expect(contestDeadline(null, true, NOW)).toBeNull();
    expect(contestDeadline(null, false, NOW)).toEqual({ over: true, endTime: null });
  });
});
