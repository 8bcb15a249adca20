import { describe, expect, it } from "vitest";
import { handleBeatsRequest } from "../../src/engine/beats/beats-worker-handler.ts";
import type { BeatsResponse } from "../../src/engine/beats/beats-worker-protocol.ts";
import { analyzeBeats, BeatAnalyzer, FeatureExtractor, streamBeats } from "../../src/engine/beats/index.ts";
import {
  applyBeatsFrame,
  type BeatsResult,
  beatsResultSchema,
  beatsStreamFrameSchema,
  type NumberedBeat,
} from "../../src/shared/beats/beats-result.ts";
import { dspModule, newDsp } from "../dsp-wasm.ts";
import { whiteNoise } from "../noise.ts";

const dsp = newDsp();

const noise = whiteNoise;

/**
 * A click track with exact truth: a decaying noise burst on every beat, and on beat 1 of each bar
 * a low thump (a 60 Hz decaying sine) besides. `firstBeat` is the bar position of the beat at 0 s.
 */
function clickTrack(rate: number, bpm: number, seconds: number, firstBeat = 1) {
  const x = new Float32Array(Math.round(seconds * rate));
  const burst = noise(Math.round(0.03 * rate), 7);
  const beats: number[] = [];
  const downbeats: number[] = [];
  for (let k = 0; (60 * k) / bpm < seconds - 0.05; k++) {
    const t = (60 * k) / bpm;
    const start = Math.round(t * rate);
    const one = (k + firstBeat - 1) % 4 === 0;
    beats.push(t);
    if (one) downbeats.push(t);
    for (let i = 0; i < burst.length && start + i < x.length; i++) {
      x[start + i] += 0.3 * burst[i] * Math.exp(-i / (0.005 * rate));
    }
    for (let i = 0; one && i < 0.15 * rate && start + i < x.length; i++) {
      x[start + i] += 0.6 * Math.sin((2 * Math.PI * 60 * i) / rate) * Math.exp(-i / (0.05 * rate));
    }
  }
  return { x, beats, downbeats };
}

function analyse(rate: number, channels: Float32Array[]): BeatsResult {
  const result = analyzeBeats(dsp, { sampleRate: rate, channels });
  expect(beatsResultSchema.safeParse(result).success).toBe(true);
  return result;
}

/** Largest distance from each truth time to the nearest estimate. */
function worstMiss(truth: readonly number[], estimate: readonly number[]): number {
  return Math.max(...truth.map((t) => Math.min(...estimate.map((e) => Math.abs(e - t)))));
}

describe("beat analysis of a click track with exact truth", () => {
  it("finds every beat within 15 ms, the tempo within 0.1%, and numbers the bars from the low accents", () => {
    // Starting on beat 3: the clip start would say otherwise, the accents decide.
    const rate = 44_100;
    const track = clickTrack(rate, 96, 20, 3);
    const result = analyse(rate, [track.x]);
    expect(result.beats.length).toBe(track.beats.length);
    expect(worstMiss(track.beats, result.beats)).toBeLessThan(0.015);
    expect(Math.abs((result.bpm ?? 0) / 96 - 1)).toBeLessThan(0.001);
    const ones = result.downbeats.filter(([, n]) => n === 1).map(([t]) => t);
    expect(ones.length).toBe(track.downbeats.length);
    expect(worstMiss(track.downbeats, ones)).toBeLessThan(0.015);
    // Numbers run 1, 2, 3, 4 in order.
    result.downbeats.forEach(([, n], i) => {
      if (i > 0) expect(n).toBe((result.downbeats[i - 1][1] % 4) + 1);
    });
  });

  it("gives the same beats for stereo and at another sample rate", () => {
    const a = clickTrack(48_000, 128, 12);
    const b = clickTrack(22_050, 128, 12);
    const stereo = analyse(48_000, [a.x, a.x]);
    const low = analyse(22_050, [b.x]);
    expect(worstMiss(a.beats, stereo.beats)).toBeLessThan(0.015);
    expect(worstMiss(b.beats, low.beats)).toBeLessThan(0.015);
  });
});

describe("bad input: no invented tempo, a reason instead", () => {
  const rate = 48_000;
  const seconds = 10;
  const frames = rate * seconds;
  const cases: [string, () => Float32Array[], string][] = [
    ["silence", () => [new Float32Array(frames)], "silence"],
    ["a constant offset (DC)", () => [new Float32Array(frames).fill(0.5)], "silence"],
    [
      "a single impulse",
      () => {
        const x = new Float32Array(frames);
        x[3 * rate] = 1;
        return [x];
      },
      "no_pulse",
    ],
    ["clipped noise", () => [noise(frames, 3).map((v) => Math.max(-1, Math.min(1, 4 * v)))], "no_pulse"],
    [
      "a steady sine",
      () => [Float32Array.from({ length: frames }, (_, n) => 0.5 * Math.sin((2 * Math.PI * 440 * n) / rate))],
      "no_pulse",
    ],
    [
      "NaN and infinities among silence",
      () => [new Float32Array(frames).map((_, n) => (n % 97 ? 0 : n % 2 ? NaN : -Infinity))],
      "silence",
    ],
    ["one sample", () => [new Float32Array([0.5])], "too_short"],
    ["no samples", () => [new Float32Array(0), new Float32Array(0)], "too_short"],
  ];

  it.each(cases)("%s", (_, make, reason) => {
    expect(analyse(rate, make())).toEqual({ bpm: null, beats: [], downbeats: [], no_beats_reason: reason });
  });

  it("keeps beats finite when NaN and infinities are scattered through music", () => {
    const track = clickTrack(rate, 120, 10);
    for (let n = 1000; n < track.x.length; n += 4801) track.x[n] = n % 2 ? NaN : Infinity;
    const result = analyse(rate, [track.x]);
    expect(result.beats.every(Number.isFinite)).toBe(true);
    expect(worstMiss(track.beats.slice(1, -1), result.beats)).toBeLessThan(0.015);
  });

  it("refuses a sample rate it cannot analyse", () => {
    expect(() => analyzeBeats(dsp, { sampleRate: 1000, channels: [new Float32Array(1000)] })).toThrow(
      RangeError,
    );
  });
});

describe("streamed analysis", () => {
  const rate = 24_000;
  const track = clickTrack(rate, 110, 40);
  const audio = { sampleRate: rate, channels: [track.x] };

  it("sends valid frames, more audio each time, ending with one final complete frame", () => {
    const frames = [...streamBeats(dsp, audio, { firstFrameSeconds: 5 })];
    expect(frames.length).toBeGreaterThan(2);
    for (const frame of frames) expect(beatsStreamFrameSchema.safeParse(frame).success).toBe(true);
    expect(frames.map((f) => f.final)).toEqual([...frames.slice(1).map(() => false), true]);
    const analysed = frames.map((f) => f.seconds_analysed);
    expect(analysed).toEqual([...analysed].sort((a, b) => a - b));
    expect(analysed[0]).toBe(5);
    expect(analysed.at(-1)).toBe(40);
    const last = frames.at(-1);
    expect(last?.seconds_missing_from_start).toBe(0);
    expect(last?.downbeats).toEqual(analyzeBeats(dsp, audio).downbeats);
  });

  it("frames applied in turn give the analysis so far, and resend only what changed", () => {
    const analyzer = new BeatAnalyzer(dsp, rate);
    let held: NumberedBeat[] = [];
    try {
      for (let at = 0; at < track.x.length; at += 8 * rate) {
        analyzer.push([track.x.subarray(at, at + 8 * rate)]);
        const frame = analyzer.frame();
        held = applyBeatsFrame(held, frame);
        // Everything up to the last second or so is already right, and was not sent again.
        const settled = track.beats.filter((t) => t < analyzer.seconds - 1);
        expect(
          worstMiss(
            settled,
            held.map(([t]) => t),
          ),
        ).toBeLessThan(0.015);
        if (analyzer.seconds > 16)
          expect(frame.seconds_missing_from_start).toBeGreaterThan(analyzer.seconds - 16);
      }
      const { result, frame } = analyzer.finish();
      expect(applyBeatsFrame(held, frame)).toEqual(result.downbeats);
    } finally {
      analyzer.dispose();
    }
  });
});

describe("the Worker's request handler", () => {
  it("posts each frame, then the result", () => {
    const track = clickTrack(16_000, 100, 25);
    const posted: BeatsResponse[] = [];
    handleBeatsRequest(
      { module: dspModule, sampleRate: 16_000, channels: [track.x], options: { firstFrameSeconds: 10 } },
      (response) => posted.push(response),
    );
    expect(posted.map((r) => r.type)).toEqual(["frame", "frame", "frame", "result"]);
    const result = posted.at(-1);
    expect(result?.type === "result" && result.result.bpm).toBeCloseTo(100, 0);
  });

  it("posts an error, not a throw, for audio it cannot analyse", () => {
    const posted: BeatsResponse[] = [];
    handleBeatsRequest({ module: dspModule, sampleRate: 4_000, channels: [new Float32Array(4_000)] }, (r) =>
      posted.push(r),
    );
    expect(posted).toEqual([{ type: "error", error: expect.stringContaining("sample rate") }]);
  });
});

describe("frame features (wasm STFT)", () => {
  const rate = 48_000;

  function features(channels: Float32Array[], chunk: number): { data: Float32Array; fx: FeatureExtractor } {
    const fx = new FeatureExtractor(dsp, rate);
    for (let at = 0; at < channels[0].length; at += chunk) {
      fx.push(channels.map((c) => c.subarray(at, at + chunk)));
    }
    fx.flush();
    const data = fx.data.slice(0, fx.count * fx.stride);
    fx.dispose();
    return { data, fx };
  }

  it("do not depend on how the stream is chunked, and cover every sample", () => {
    const x = noise(rate * 2 + 123, 11);
    const whole = features([x], x.length);
    const pieces = features([x], 1001);
    expect(pieces.data).toEqual(whole.data);
    expect(whole.fx.count).toBe(Math.floor((x.length - 1) / whole.fx.hop) + 1);
    expect(whole.fx.frameRate).toBe(100);
  });

  it("read a tone's power and pitch class, and put an impulse's onset on its frame", () => {
    const a440 = Float32Array.from(
      { length: rate },
      (_, n) => 0.5 * Math.sin((2 * Math.PI * 440 * n) / rate),
    );
    const { data, fx } = features([a440], rate);
    const mid = 50 * fx.stride;
    expect(data[mid + 2]).toBeCloseTo(0.125, 2);
    const chroma = Array.from(data.subarray(mid + 4, mid + 16));
    expect(chroma.indexOf(Math.max(...chroma))).toBe(9);

    const click = new Float32Array(rate);
    click[31_234] = 1;
    const onsets = features([click], rate);
    const onset = Array.from({ length: onsets.fx.count }, (_, k) => onsets.data[k * onsets.fx.stride]);
    expect(onset.indexOf(Math.max(...onset))).toBe(Math.round(31_234 / onsets.fx.hop));
  });
});
