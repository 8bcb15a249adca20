import { describe, expect, it } from "vitest";
import { heardAfter, meaningfulSeconds, reportsSampledPlay } from "../../src/shared/listening.ts";

describe("when a play counts", () => {
  it("needs half the song, at most 30 seconds, or 30 when its length is unknown", () => {
    expect(meaningfulSeconds(6)).toBe(3);
    expect(meaningfulSeconds(180)).toBe(30);
    expect(meaningfulSeconds(null)).toBe(30);
    expect(meaningfulSeconds(0)).toBe(30);
  });

  it("adds the steps of playback, and nothing for a seek either way", () => {
    let heard = 0;
    for (const [from, to] of [
      [0, 0.25],
      [0.25, 0.5],
      [0.5, 40], // a seek forward
      [40, 40.3],
      [40.3, 10], // a seek back
    ])
      heard = heardAfter(heard, from, to);
    expect(heard).toBeCloseTo(0.8, 9);
  });

  it("reports one sampled play in sample_factor", () => {
    expect(reportsSampledPlay(1, 0.999)).toBe(true);
    expect(reportsSampledPlay(4, 0.24)).toBe(true);
    expect(reportsSampledPlay(4, 0.25)).toBe(false);
  });
});
