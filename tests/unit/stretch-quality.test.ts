// The stretcher against dspbench's yardstick (tests/dspbench, a port of metrics.py and check.py):
// every threshold of thresholds.json for x0.8 and x1.25 time-stretch and +7 and -5 semitone
// pitch-shift, and no sample that is NaN or infinite. The pass levels are Rubber Band R3's.

import { describe, expect, it } from "vitest";
import { stretchAudio } from "../../src/engine/stretch.ts";
import { newDsp } from "../dsp-wasm.ts";
import { checkStretcher, formatReport, OP_PARAMS } from "../dspbench/stretch-check.ts";

const dsp = newDsp();

// Eight 10 to 30 s renders plus dspbench's analysis of each: tens of seconds on a loaded machine.
const SLOW = 180_000;

describe("time-stretch and pitch-shift quality (dspbench)", () => {
  it(
    "passes every threshold for x0.8, x1.25, +7 and -5 semitones",
    () => {
      const report = checkStretcher((input, sampleRate, op) =>
        stretchAudio(dsp, input, sampleRate, {
          stretch: OP_PARAMS[op].stretch,
          semitones: OP_PARAMS[op].semis,
        }),
      );
      expect(report.pass, formatReport(report)).toBe(true);
    },
    SLOW,
  );
});
