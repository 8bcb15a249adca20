import { describe, expect, it } from "vitest";
import { parseBeatAnnotation } from "../../bench/beats-bench.ts";

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
