import { describe, expect, it } from "vitest";
import { parseProjectState, type TempoPoint } from "../../src/shared/project/index.ts";
import { beats, seconds } from "../../src/shared/time.ts";
import {
  beatsToSeconds,
  beatsWindow,
  beatTimes,
  bpsAt,
  createTempoMap,
  secondsToBeats,
  secondsWindow,
  TEMPO_WINDOW_CACHE_ENTRIES,
  TEMPO_WINDOW_SAMPLES,
  type TempoMap,
} from "../../src/shared/timing/tempo-map.ts";

const ONE_SAMPLE = 1 / 48_000;

const toSeconds = (map: TempoMap, b: number): number => beatsToSeconds(map, beats(b));
const toBeats = (map: TempoMap, s: number): number => secondsToBeats(map, seconds(s));

/**
 * The tempo on the stretch of automation around beat `around`, written independently of the map;
 * asked per stretch so that at a tempo step each side keeps its own tempo.
 */
function referenceRamp(points: readonly TempoPoint[], around: number): (b: number) => number {
  const before = points.filter((point) => point.beats <= around);
  const from = before[before.length - 1];
  const to = points[before.length];
  if (from === undefined) return () => points[0].bps;
  if (to === undefined) return () => from.bps;
  return (b) => from.bps + ((to.bps - from.bps) * (b - from.beats)) / (to.beats - from.beats);
}

function simpson(f: (x: number) => number, from: number, to: number, intervals: number): number {
  const h = (to - from) / intervals;
  let sum = f(from) + f(to);
  for (let index = 1; index < intervals; index++) sum += (index % 2 === 1 ? 4 : 2) * f(from + index * h);
  return (sum * h) / 3;
}

/** ∫₀ᵇ db / bps by Simpson's rule, split at the points so each piece is smooth. */
function integratedSeconds(points: readonly TempoPoint[], b: number): number {
  const cuts = [0, ...points.map((point) => point.beats).filter((at) => at > 0 && at < b), b];
  let total = 0;
  for (let index = 1; index < cuts.length; index++) {
    const [from, to] = [cuts[index - 1], cuts[index]];
    const bps = referenceRamp(points, (from + to) / 2);
    if (to > from) total += simpson((x) => 1 / bps(x), from, to, 4096);
  }
  return total;
}

/** A fixed pseudo-random sequence, so a failure can be reproduced. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Ramps up and down, held stretches and a step, spanning well over ten minutes. */
function multiPointAutomation(): TempoPoint[] {
  const next = random(7);
  const points: TempoPoint[] = [{ beats: 0, bps: 2 }];
  let at = 0;
  while (at < 2400) {
    at += 1 + Math.floor(next() * 64);
    const held = next() < 0.2;
    points.push({ beats: at, bps: held ? points[points.length - 1].bps : 0.75 + next() * 5 });
    if (next() < 0.1) points.push({ beats: at, bps: 0.75 + next() * 5 });
  }
  return points;
}

const RAMP: TempoPoint[] = [
  { beats: 0, bps: 2 },
  { beats: 16, bps: 4 },
];

describe("constant tempo", () => {
  it("is exact in both directions", () => {
    const map = createTempoMap({ bps: 2.5, bpsAutomation: [] });
    for (const b of [0, 1, 2.5, 7.25, 1000, -3]) {
      expect(toSeconds(map, b)).toBe(b / 2.5);
      expect(toBeats(map, b / 2.5)).toBe(b);
      expect(bpsAt(map, beats(b))).toBe(2.5);
    }
  });

  it.each([undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    "falls back to 2 bps for bps %s",
    (bps) => {
      const map = createTempoMap({ bps });
      expect(toSeconds(map, 10)).toBe(5);
      expect(bpsAt(map, beats(3))).toBe(2);
    },
  );

  it("reads a parsed project's timing", () => {
    const { timing } = parseProjectState({ timing: { bps: 3 }, tracks: [], selection: {} });
    expect(toSeconds(createTempoMap(timing), 6)).toBe(2);
  });
});

describe("tempo automation", () => {
  it("moves linearly in beats between points and holds outside them", () => {
    const map = createTempoMap({
      bps: 9,
      bpsAutomation: [
        { beats: 4, bps: 2 },
        { beats: 12, bps: 4 },
        { beats: 20, bps: 3 },
      ],
    });
    expect(bpsAt(map, beats(0))).toBe(2);
    expect(bpsAt(map, beats(4))).toBe(2);
    expect(bpsAt(map, beats(8))).toBe(3);
    expect(bpsAt(map, beats(12))).toBe(4);
    expect(bpsAt(map, beats(18))).toBeCloseTo(3.25, 12);
    expect(bpsAt(map, beats(100))).toBe(3);
    expect(toSeconds(map, 4)).toBe(2);
    expect(toSeconds(map, 0)).toBe(0);
    expect(toSeconds(map, -2)).toBe(-1);
  });

  it("matches numerical integration of a ramp from 2 to 4 bps within 1e-9 s", () => {
    const map = createTempoMap({ bpsAutomation: RAMP });
    for (let b = 0; b <= 24; b += 0.75) {
      expect(Math.abs(toSeconds(map, b) - integratedSeconds(RAMP, b))).toBeLessThan(1e-9);
    }
    // ∫₀¹⁶ db / (2 + b/8) = 8 ln 2
    expect(toSeconds(map, 16)).toBeCloseTo(8 * Math.LN2, 14);
  });

  it.each([
    [
      "a falling ramp",
      [
        { beats: 0, bps: 4 },
        { beats: 32, bps: 0.5 },
      ],
    ],
    [
      "an almost flat ramp",
      [
        { beats: 0, bps: 2 },
        { beats: 100, bps: 2 + 1e-9 },
      ],
    ],
    [
      "a ramp from a point after beat 0",
      [
        { beats: 8, bps: 1 },
        { beats: 10, bps: 6 },
        { beats: 30, bps: 2 },
      ],
    ],
  ] as const)("matches numerical integration of %s", (_, points) => {
    const map = createTempoMap({ bpsAutomation: points });
    for (let b = 0; b <= 40; b += 0.625) {
      expect(Math.abs(toSeconds(map, b) - integratedSeconds(points, b))).toBeLessThan(1e-9);
      expect(Math.abs(toBeats(map, toSeconds(map, b)) - b)).toBeLessThan(1e-9);
    }
  });

  it("changes tempo at once where two points share a beat", () => {
    const map = createTempoMap({
      bpsAutomation: [
        { beats: 0, bps: 2 },
        { beats: 8, bps: 2 },
        { beats: 8, bps: 4 },
      ],
    });
    expect(bpsAt(map, beats(7.999))).toBe(2);
    expect(bpsAt(map, beats(8))).toBe(4);
    expect(toSeconds(map, 8)).toBe(4);
    expect(toSeconds(map, 12)).toBe(5);
    expect(toBeats(map, 5)).toBe(12);
  });

  it("round-trips beats and seconds within one 48 kHz sample over ten minutes", () => {
    const points = multiPointAutomation();
    const map = createTempoMap({ bpsAutomation: points });
    const end = toBeats(map, 600);
    expect(end).toBeLessThan(points[points.length - 1].beats);
    const next = random(11);
    for (let index = 0; index < 20_000; index++) {
      const b = next() * end;
      const back = toBeats(map, toSeconds(map, b));
      expect(Math.abs(back - b) / bpsAt(map, beats(b))).toBeLessThan(ONE_SAMPLE);
      const s = next() * 600;
      expect(Math.abs(toSeconds(map, toBeats(map, s)) - s)).toBeLessThan(ONE_SAMPLE);
    }
    for (const point of points) {
      expect(Math.abs(toBeats(map, toSeconds(map, point.beats)) - point.beats)).toBeLessThan(1e-9);
    }
  });

  it("agrees with numerical integration at every point of a long automation", () => {
    const points = multiPointAutomation().slice(0, 40);
    const map = createTempoMap({ bpsAutomation: points });
    const last = points[points.length - 1].beats;
    for (const b of [...points.map((point) => point.beats), last / 3, last / 2 + 0.1, last + 5]) {
      expect(Math.abs(toSeconds(map, b) - integratedSeconds(points, b))).toBeLessThan(1e-9);
    }
  });

  it("is strictly increasing and continuous across points", () => {
    const points = multiPointAutomation();
    const map = createTempoMap({ bpsAutomation: points });
    const grid = (from: number, to: number, step: number) =>
      Array.from({ length: Math.floor((to - from) / step) }, (_, index) => from + index * step);
    const falls = (values: number[]) =>
      values.filter((value, index) => index > 0 && value <= values[index - 1]);
    expect(falls(grid(-1, 2500, 0.01).map((b) => toSeconds(map, b)))).toEqual([]);
    expect(falls(grid(-1, 700, 0.001).map((s) => toBeats(map, s)))).toEqual([]);
    for (const point of points) {
      const gap = toSeconds(map, point.beats) - toSeconds(map, point.beats - 1e-9);
      expect(gap).toBeGreaterThan(0);
      expect(gap).toBeLessThan(1e-8);
    }
  });

  it.each([
    [
      "unsorted points",
      [
        { beats: 4, bps: 2 },
        { beats: 2, bps: 2 },
      ],
      "Invalid tempo automation: [1].beats: tempo points must be sorted by beats, but beat 2 follows beat 4",
    ],
    ["a zero tempo", [{ beats: 0, bps: 0 }], "Invalid tempo automation: [0].bps: tempos are at least 6 BPM"],
    [
      "a negative tempo",
      [{ beats: 0, bps: -1 }],
      "Invalid tempo automation: [0].bps: tempos are at least 6 BPM",
    ],
    ["an infinite tempo", [{ beats: 0, bps: Number.POSITIVE_INFINITY }], "Invalid tempo automation: [0].bps"],
    ["a negative beat", [{ beats: -1, bps: 2 }], "Invalid tempo automation: [0].beats: Too small"],
  ])("refuses %s", (_, bpsAutomation, message) => {
    expect(() => createTempoMap({ bpsAutomation })).toThrow(message);
  });

  it("refuses the same automation inside a project state", () => {
    const raw = {
      timing: {
        bpsAutomation: [
          { beats: 4, bps: 2 },
          { beats: 2, bps: 2 },
        ],
      },
      tracks: [],
      selection: {},
    };
    expect(() => parseProjectState(raw)).toThrow(
      "Invalid project state: timing.bpsAutomation[1].beats: tempo points must be sorted by beats",
    );
  });
});

describe("beat times", () => {
  it("lists the whole beats of a range", () => {
    const map = createTempoMap({ bps: 2 });
    const { firstIndex, seconds: times } = beatTimes(map, beats(0), beats(4));
    expect(firstIndex).toBe(0);
    expect(Array.from(times)).toEqual([0, 0.5, 1, 1.5, 2]);
    const inner = beatTimes(map, beats(0.5), beats(3.5));
    expect(inner.firstIndex).toBe(1);
    expect(Array.from(inner.seconds)).toEqual([0.5, 1, 1.5]);
    expect(beatTimes(map, beats(1.2), beats(1.8)).seconds).toHaveLength(0);
  });

  it("lists grid lines at a fraction of a beat", () => {
    const { firstIndex, seconds: times } = beatTimes(
      createTempoMap({ bps: 2 }),
      beats(-0.5),
      beats(0.5),
      0.25,
    );
    expect(firstIndex).toBe(-2);
    expect(Array.from(times)).toEqual([-0.25, -0.125, 0, 0.125, 0.25]);
  });

  it("equals beatsToSeconds at each beat under automation", () => {
    const map = createTempoMap({ bpsAutomation: multiPointAutomation() });
    const { firstIndex, seconds: times } = beatTimes(map, beats(3.5), beats(1500));
    expect(firstIndex).toBe(4);
    expect(times).toHaveLength(1497);
    times.forEach((time, m) => {
      expect(time).toBe(toSeconds(map, firstIndex + m));
    });
  });

  it("refuses a step that is not positive", () => {
    const map = createTempoMap({});
    expect(() => beatTimes(map, beats(0), beats(4), 0)).toThrow(RangeError);
    expect(() => beatTimes(map, beats(0), beats(Number.POSITIVE_INFINITY))).toThrow(RangeError);
  });
});

describe("tempo windows", () => {
  const map = () => createTempoMap({ bpsAutomation: multiPointAutomation() });

  it("samples a beat range at both ends and evenly between", () => {
    const tempo = map();
    const window = beatsWindow(tempo, beats(10), beats(90));
    expect(window.seconds).toHaveLength(TEMPO_WINDOW_SAMPLES);
    const spacing = 80 / (TEMPO_WINDOW_SAMPLES - 1);
    window.seconds.forEach((value, j) => {
      const at = j === TEMPO_WINDOW_SAMPLES - 1 ? 90 : 10 + j * spacing;
      expect(Math.abs(value - toSeconds(tempo, at))).toBeLessThan(1e-9);
    });
  });

  it("samples a range of seconds the same way", () => {
    const tempo = map();
    const window = secondsWindow(tempo, seconds(5), seconds(65));
    const spacing = 60 / (TEMPO_WINDOW_SAMPLES - 1);
    window.beats.forEach((value, j) => {
      const at = j === TEMPO_WINDOW_SAMPLES - 1 ? 65 : 5 + j * spacing;
      expect(Math.abs(value - toBeats(tempo, at))).toBeLessThan(1e-9);
    });
  });

  it("answers lookups inside and outside the window as the exact conversion does", () => {
    const tempo = map();
    const byBeats = beatsWindow(tempo, beats(100), beats(164));
    const bySeconds = secondsWindow(tempo, seconds(30), seconds(31));
    const next = random(3);
    for (let index = 0; index < 5000; index++) {
      const b = 90 + next() * 84;
      expect(Math.abs(byBeats.secondsAt(beats(b)) - toSeconds(tempo, b))).toBeLessThan(1e-9);
      const s = 29.5 + next() * 2;
      expect(Math.abs(bySeconds.beatsAt(seconds(s)) - toBeats(tempo, s))).toBeLessThan(1e-9);
    }
    for (const point of tempo.points.filter((p) => p.beats >= 100 && p.beats <= 164)) {
      expect(byBeats.secondsAt(beats(point.beats))).toBe(toSeconds(tempo, point.beats));
    }
  });

  it("keeps the last 64 windows, dropping the least recently used", () => {
    const tempo = map();
    const window = (start: number) => beatsWindow(tempo, beats(start), beats(start + 8));
    const made = Array.from({ length: TEMPO_WINDOW_CACHE_ENTRIES }, (_, start) => window(start));
    made.forEach((entry, start) => {
      expect(window(start)).toBe(entry);
    });
    expect(window(0)).toBe(made[0]);
    window(TEMPO_WINDOW_CACHE_ENTRIES);
    expect(tempo.windows.size).toBe(TEMPO_WINDOW_CACHE_ENTRIES);
    expect(window(0)).toBe(made[0]);
    expect(window(1)).not.toBe(made[1]);
  });

  it("keeps beat and second windows over the same numbers apart", () => {
    const tempo = map();
    const byBeats = beatsWindow(tempo, beats(0), beats(10));
    const bySeconds = secondsWindow(tempo, seconds(0), seconds(10));
    expect(byBeats.kind).toBe("beats");
    expect(bySeconds.kind).toBe("seconds");
    expect(byBeats.seconds[TEMPO_WINDOW_SAMPLES - 1]).toBe(toSeconds(tempo, 10));
    expect(bySeconds.beats[TEMPO_WINDOW_SAMPLES - 1]).toBe(toBeats(tempo, 10));
  });

  it("refuses an empty or reversed window", () => {
    const tempo = map();
    expect(() => beatsWindow(tempo, beats(4), beats(4))).toThrow(RangeError);
    expect(() => secondsWindow(tempo, seconds(4), seconds(2))).toThrow(RangeError);
    expect(() => beatsWindow(tempo, beats(0), beats(Number.NaN))).toThrow(RangeError);
    expect(() => secondsWindow(tempo, seconds(Number.NEGATIVE_INFINITY), seconds(1))).toThrow(RangeError);
  });
});
