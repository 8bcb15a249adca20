import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDurationWords,
  formatNumber,
} from "../../src/shared/i18n/locale-format.ts";

const MARCH_5 = "2026-03-05T14:07:00Z";

describe("locale formatting", () => {
  it("writes dates with the language's month names and order", () => {
    expect(formatDate(MARCH_5, "en")).toMatch(/^Mar 5, 2026$/);
    expect(formatDate(MARCH_5, "es")).toMatch(/^5 mar 2026$/);
    expect(formatDateTime(MARCH_5, "es")).toContain("5 mar 2026");
  });

  it("groups digits as the language does", () => {
    expect(formatNumber(1234567, "en")).toBe("1,234,567");
    expect(formatNumber(1234567, "es")).toBe("1.234.567");
    expect(formatNumber(0.5, "es")).toBe("0,5");
  });

  it("says a duration in words, leaving out zero parts", () => {
    expect(formatDurationWords(3725, "en")).toBe("1 hr, 2 min, 5 sec");
    expect(formatDurationWords(120, "en")).toBe("2 min");
    expect(formatDurationWords(0.2, "en")).toBe("0 sec");
    expect(formatDurationWords(3725, "es")).toMatch(/^1 h,? 2 min,? 5 s$/);
  });
});
