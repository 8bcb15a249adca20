// dspbench's measurement of a stretcher, in-process: run it over the signals of each op as
// run_js_peers.mjs does (music for all four ops; piano and tones for the pitch ops), evaluate the
// outputs as metrics.py does, and judge them against thresholds.json as check.py does.
//
// Usage, in a Vitest test:
//   const report = checkStretcher((input, sampleRate, op) => myStretch(input, sampleRate, OP_PARAMS[op]));
//   expect(report.pass, formatReport(report)).toBe(true);
// All four ops take about as long as the stretcher itself plus a few seconds of analysis; pass a
// subset of STRETCH_OPS while developing.
//
// Two choices where dspbench has two paths: len_err_samples is the music output's natural length minus
// round(N * r) for every op (the timing.json path dspbench takes for the JS peers; metrics.py's
// fallback without timing.json uses the piano's for the pitch ops), and nonfinite_samples counts every
// sample of the natural outputs (dspbench counts the WAVs it writes, trimmed or padded to the expected
// length; the two agree whenever len_err_samples passes).

import {
  evaluatePitch,
  evaluateStretch,
  nonfiniteSamples,
  type PitchMetrics,
  type StretchMetrics,
} from "./metrics.ts";
import { type SignalName, SR, type Stereo, signal, truth } from "./signals.ts";
import { passes, THRESHOLDS, type Threshold } from "./thresholds.ts";

export const STRETCH_OPS = ["x0.8", "x1.25", "p7", "p-5"] as const;
export type StretchOp = (typeof STRETCH_OPS)[number];

/**
 * The thing measured: planar input at `sampleRate` to planar output with as many channels. Stretch
 * ops change the duration by the factor (output / input), pitch ops shift by semitones and keep it.
 */
export type Stretcher = (input: Float32Array[], sampleRate: number, op: StretchOp) => Float32Array[];

export const OP_PARAMS: Readonly<Record<StretchOp, { readonly stretch: number; readonly semis: number }>> = {
  "x0.8": { stretch: 0.8, semis: 0 },
  "x1.25": { stretch: 1.25, semis: 0 },
  p7: { stretch: 1, semis: 7 },
  "p-5": { stretch: 1, semis: -5 },
};

export type InputName = "music" | "piano" | "tones";

export const OP_INPUTS: Readonly<Record<StretchOp, readonly InputName[]>> = {
  "x0.8": ["music"],
  "x1.25": ["music"],
  p7: ["music", "piano", "tones"],
  "p-5": ["music", "piano", "tones"],
};

export type OpKind = "stretch" | "pitch";

export function opKind(op: StretchOp): OpKind {
  return op.startsWith("x") ? "stretch" : "pitch";
}

/** The natural outputs of a stretcher, per op and input signal. */
export type StretchOutputs = Partial<Record<StretchOp, Partial<Record<InputName, Stereo>>>>;

export interface MetricCheck {
  readonly value: number;
  readonly threshold: Threshold;
  readonly pass: boolean;
}

export interface OpReport {
  readonly op: StretchOp;
  readonly kind: OpKind;
  /** Every value metrics.py reports for the op, including the informational ones. */
  readonly metrics: StretchMetrics | PitchMetrics;
  /** The thresholded ones. */
  readonly checks: Readonly<Record<string, MetricCheck>>;
  readonly pass: boolean;
}

export interface StretchCheckReport {
  readonly ops: Partial<Record<StretchOp, OpReport>>;
  readonly nonfinite_samples: number;
  /** "op:metric=value" for every failed threshold, as check.py prints them. */
  readonly failures: string[];
  /** Every evaluated op passes and no sample is NaN or infinite. */
  readonly pass: boolean;
}

function copyOf(s: Stereo): Float32Array[] {
  return s.map((c) => c.slice());
}

/** Run the stretcher over each op's inputs; each call gets its own copy of the input. */
export function runStretcher(stretcher: Stretcher, ops: readonly StretchOp[] = STRETCH_OPS): StretchOutputs {
  const outputs: StretchOutputs = {};
  for (const op of ops) {
    const perOp: Partial<Record<InputName, Stereo>> = {};
    for (const name of OP_INPUTS[op]) {
      const input = signal(name);
      const out = stretcher(copyOf(input), SR, op);
      if (!Array.isArray(out) || out.length === 0) throw new Error(`${op} on ${name}: no output channels`);
      if (out.some((c) => c.length !== out[0].length)) {
        throw new Error(`${op} on ${name}: output channels of different lengths`);
      }
      perOp[name] = out;
    }
    outputs[op] = perOp;
  }
  return outputs;
}

function expectedLength(name: InputName, op: StretchOp): number {
  return Math.round(signal(name)[0].length * OP_PARAMS[op].stretch);
}

function need(outputs: Partial<Record<InputName, Stereo>>, name: InputName, op: StretchOp): Stereo {
  const out = outputs[name];
  if (!out) throw new Error(`no ${name} output for ${op}`);
  return out;
}

/** metrics.py's evaluate() and check.py over the outputs of some or all ops. */
export function evaluateOutputs(outputs: StretchOutputs): StretchCheckReport {
  const t = truth();
  const ops: Partial<Record<StretchOp, OpReport>> = {};
  const failures: string[] = [];
  let nonfinite = 0;
  for (const op of STRETCH_OPS) {
    const perOp = outputs[op];
    if (!perOp) continue;
    for (const out of Object.values(perOp)) if (out) nonfinite += nonfiniteSamples(out);
    const music = need(perOp, "music", op);
    const lenErr = music[0].length - expectedLength("music", op);
    const kind = opKind(op);
    let metrics: StretchMetrics | PitchMetrics;
    if (kind === "stretch") {
      const r = OP_PARAMS[op].stretch;
      const gt = signal(`gt_music_${op}` as SignalName);
      metrics = evaluateStretch(music, gt, t.drum_onsets[String(r)], lenErr);
    } else {
      metrics = evaluatePitch({
        musicOutput: music,
        music: signal("music"),
        tonesOutput: need(perOp, "tones", op),
        tonesGroundTruth: signal(`gt_tones_${op}` as SignalName),
        tonesFreqs: t.tones_freqs,
        pianoOutput: need(perOp, "piano", op),
        pianoGroundTruth: signal(`gt_piano_${op}` as SignalName),
        semis: OP_PARAMS[op].semis,
        lenErrSamples: lenErr,
      });
    }
    const checks: Record<string, MetricCheck> = {};
    for (const [name, threshold] of Object.entries(THRESHOLDS[kind]) as [string, Threshold][]) {
      const value = (metrics as unknown as Record<string, number>)[name];
      const pass = passes(value, threshold);
      checks[name] = { value, threshold, pass };
      if (!pass) failures.push(`${op}:${name}=${value}`);
    }
    ops[op] = { op, kind, metrics, checks, pass: Object.values(checks).every((c) => c.pass) };
  }
  if (nonfinite) failures.push(`nonfinite_samples=${nonfinite}`);
  return { ops, nonfinite_samples: nonfinite, failures, pass: failures.length === 0 };
}

/** Run and measure a stretcher on all four ops (or the ones given), as dspbench does. */
export function checkStretcher(
  stretcher: Stretcher,
  ops: readonly StretchOp[] = STRETCH_OPS,
): StretchCheckReport {
  return evaluateOutputs(runStretcher(stretcher, ops));
}

/** One line per op and metric: value, the pass level, PASS/FAIL; for logs and assertion messages. */
export function formatReport(report: StretchCheckReport): string {
  const lines: string[] = [];
  for (const r of Object.values(report.ops)) {
    if (!r) continue;
    for (const [name, c] of Object.entries(r.checks)) {
      const t = c.threshold;
      const level =
        "pass_abs_max" in t
          ? `|v| <= ${t.pass_abs_max}`
          : "pass_max" in t
            ? `<= ${t.pass_max}`
            : `>= ${t.pass_min}`;
      lines.push(
        `${r.op.padEnd(6)} ${name.padEnd(22)} ${String(c.value).padStart(10)}  ${level.padEnd(12)} ${c.pass ? "PASS" : "FAIL"}`,
      );
    }
  }
  lines.push(`nonfinite_samples ${report.nonfinite_samples}`);
  lines.push(report.pass ? "PASS" : `FAIL (${report.failures.length}): ${report.failures.join(", ")}`);
  return lines.join("\n");
}
