// How clips line up around a replaced section or an extend, and the lookups' matching rules.
import { describe, expect, it } from "vitest";
import { alignmentOf, matchesQuery, sameAlignment } from "../../src/server/edit/clip-alignment.ts";
import { ALIGNMENT_MATCH_TOLERANCE_S } from "../../src/shared/api/edit.ts";

const SOURCE = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";
const infill = (start: number, end: number) => ({
  history: [{ id: SOURCE, infill_start_s: start, infill_end_s: end }],
});

describe("a clip's alignment", () => {
  it("puts an infill between its source's history and future, at the range's seconds in both", () => {
    expect(alignmentOf(infill(10, 20))).toEqual({
      history_clip_id: SOURCE,
      history_end_seconds: 10,
      clip_start_seconds: 10,
      future_clip_id: SOURCE,
      clip_end_seconds: 20,
      future_start_seconds: 20,
    });
  });

  it("puts an extend after its source only, and lets the override fields win", () => {
    expect(alignmentOf({ history: [{ id: SOURCE, continue_at: 42 }] })).toMatchObject({
      history_clip_id: SOURCE,
      history_end_seconds: 42,
      future_clip_id: null,
    });
    expect(
      alignmentOf({ ...infill(10, 20), override_future_clip_id: OTHER, override_future_start_seconds: 3 }),
    ).toMatchObject({ history_clip_id: SOURCE, future_clip_id: OTHER, future_start_seconds: 3 });
    expect(alignmentOf({ type: "gen" })).toBeNull();
  });
});

describe("the aligned-clip rules", () => {
  const aligned = alignmentOf(infill(10, 20));
  if (!aligned) throw new Error("An infill has an alignment");

  it("matches a query on each side named, inside its window", () => {
    expect(matchesQuery(aligned, { history_clip_id: SOURCE })).toBe(true);
    expect(
      matchesQuery(aligned, {
        history_clip_id: SOURCE,
        history_end_seconds_gte: 9.95,
        history_end_seconds_lte: 10.05,
        future_clip_id: SOURCE,
        future_start_seconds_gte: 19.9,
        future_start_seconds_lte: 20.1,
      }),
    ).toBe(true);
    expect(matchesQuery(aligned, { history_clip_id: SOURCE, history_end_seconds_gte: 10.01 })).toBe(false);
    expect(matchesQuery(aligned, { future_clip_id: OTHER })).toBe(false);
  });

  it("counts two takes of a section as siblings within the match tolerance, not beyond", () => {
    const near = alignmentOf(infill(10 + ALIGNMENT_MATCH_TOLERANCE_S * 0.9, 20));
    const far = alignmentOf(infill(10 + ALIGNMENT_MATCH_TOLERANCE_S * 1.5, 20));
    if (!near || !far) throw new Error("Infills have alignments");
    expect(sameAlignment(aligned, near)).toBe(true);
    expect(sameAlignment(aligned, far)).toBe(false);
  });
});
