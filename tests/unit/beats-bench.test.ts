import { describe, expect, it } from "vitest";
import { parseBeatAnnotation } from "../../bench/beats-bench.ts";
import { annotatedBpm, beatFMeasure, matchCount, tempoAccuracy } from "../../bench/beats-score.ts";

describe("the beats bench's annotation files", () => {
  it("reads numbered beats, with downbeats where the number is 1", () => {
    const truth = parseBeatAnnotation("# manually annotated\n0.09\t1\n0.80\t2\n1.48\t3\n2.15\t4\n2.80\t1\n");
    expect(truth.beats).toEqual([0.09, 0.8, 1.48, 2.15, 2.8]);
    expect(truth.downbeats).toEqual([0.09, 2.8]);
  });

  it("reads Ballroom's bar.position numbers", () => {
    const truth = parseBeatAnnotation("9.43 9.3\n9.9 9.4\n10.4 10.1\n");
    expect(truth.downbeats).toEqual([10.4]);
  });

  it("has no downbeats when the beats are not numbered", () => {
    const truth = parseBeatAnnotation("0.5\n1.0\n1.5\n");
    expect(truth.beats).toEqual([0.5, 1, 1.5]);
    expect(truth.downbeats).toEqual([]);
  });
});

describe("the beats bench's scorer (mir_eval's beat f_measure)", () => {
  it("finds the largest matching, where nearest-first would leave a beat unmatched", () => {
    // 5.10 takes 5.04 and 5.16 takes 5.14 (both within 70 ms); 5.10 taking its nearest, 5.14,
    // would leave 5.16 with nothing.
    expect(matchCount([5.1, 5.16], [5.04, 5.14], 0.07)).toBe(2);
    expect(beatFMeasure([5.1, 5.16], [5.04, 5.14])).toBe(1);
  });

  it("ignores the first 5 seconds of both lists", () => {
    // After trimming: annotations 5, 6, 7; estimates 5.05, 6.2, 7: two matches, P = R = 2/3.
    expect(beatFMeasure([1, 2, 5, 6, 7], [1, 5.05, 6.2, 7])).toBeCloseTo(2 / 3, 12);
    expect(beatFMeasure([1, 2, 3], [1, 2, 3])).toBe(0);
  });

  it("counts an estimate exactly one window away, and uses each estimate once", () => {
    expect(beatFMeasure([8], [8.0625], 0.0625)).toBe(1);
    expect(beatFMeasure([8], [8.125], 0.0625)).toBe(0);
    // Two annotations, one estimate between them: one match, P = 1, R = 1/2.
    expect(beatFMeasure([8, 8.0625], [8.03125], 0.0625)).toBeCloseTo(2 / 3, 12);
  });

  it("is the harmonic mean of precision and recall", () => {
    expect(beatFMeasure([5, 6, 7, 8], [5, 6])).toBeCloseTo(2 / 3, 12);
    expect(beatFMeasure([5, 6], [5, 5.5, 6, 6.5, 7, 7.5])).toBeCloseTo(0.5, 12);
    expect(beatFMeasure([5, 6], [])).toBe(0);
  });

  it("takes the annotated tempo from the median interval, so a missed beat does not move it", () => {
    expect(annotatedBpm([0, 0.5, 1, 1.5, 2.6])).toBe(120);
    expect(annotatedBpm([0, 0.4, 0.8, 1.2])).toBeCloseTo(150, 9);
  });

  it("counts acc1 within 4 percent of the annotated tempo, and acc2 at its octaves and thirds too", () => {
    expect(tempoAccuracy(1.035)).toEqual({ acc1: true, acc2: true });
    expect(tempoAccuracy(0.959)).toEqual({ acc1: false, acc2: false });
    expect(tempoAccuracy(1.974)).toEqual({ acc1: false, acc2: true });
    expect(tempoAccuracy(0.5)).toEqual({ acc1: false, acc2: true });
    expect(tempoAccuracy(1 / 3)).toEqual({ acc1: false, acc2: true });
    expect(tempoAccuracy(3.13)).toEqual({ acc1: false, acc2: false });
    expect(tempoAccuracy(1.5)).toEqual({ acc1: false, acc2: false });
    expect(tempoAccuracy(null)).toEqual({ acc1: false, acc2: false });
  });
});
