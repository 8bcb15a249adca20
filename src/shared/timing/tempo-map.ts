// Converts between beats and seconds through the project's tempo.
//
// The tempo bps(b), in beats per second, is the timing's bps when there is no automation. With
// automation it is piecewise linear in beats between the points, and holds the first point's tempo
// before it and the last point's after it (timing.bps is then unused). Elapsed time is
// seconds(b) = ∫₀ᵇ db / bps(b), which on a linear ramp bps = p + k·d (d beats into the ramp) is
// ln(1 + k·d/p) / k, and inverts to d = p·(e^(k·t) − 1) / k. Both are evaluated through log1p and
// expm1 divided by their argument, which stay exact as k → 0 where the plain formulas cancel.
// Seconds at every point are computed once, so a lookup is a binary search plus one closed form.

import { DEFAULT_BPS } from "../project/constants.ts";
import { bpsAutomationSchema, type TempoPoint } from "../project/project-timing.ts";
import { type Beats, beats, type Seconds, seconds } from "../time.ts";
import { summarizeIssues } from "../zod-issues.ts";

/** How many windows a tempo map keeps (the tempo automation lookup cache). */
export const TEMPO_WINDOW_CACHE_ENTRIES = 64;
/** Samples per window, both ends included: one per pixel column of a wide timeline. */
export const TEMPO_WINDOW_SAMPLES = 2048;

/** The parts of the project's timing the tempo map reads. */
export interface TempoSource {
  bps?: number;
  bpsAutomation?: readonly TempoPoint[];
}

/**
 * A window of the timeline with its conversions precomputed: the same beat range drawn on every
 * track (waveform columns, ruler, grid) every frame is converted once, not per track per frame.
 */
export interface BeatsWindow {
  readonly kind: "beats";
  readonly start: Beats;
  readonly end: Beats;
  /** seconds[j] is the time of beat start + j·(end − start)/(TEMPO_WINDOW_SAMPLES − 1). Shared: do not write. */
  readonly seconds: Float64Array;
  /** The exact time of any beat; inside the window it skips the search for the tempo segment. */
  secondsAt(position: Beats): Seconds;
}

/** The same for a range of seconds, as the engine renders: one window per render span it converts. */
export interface SecondsWindow {
  readonly kind: "seconds";
  readonly start: Seconds;
  readonly end: Seconds;
  /** beats[j] is the beat at time start + j·(end − start)/(TEMPO_WINDOW_SAMPLES − 1). Shared: do not write. */
  readonly beats: Float64Array;
  /** The exact beat at any time; inside the window it skips the search for the tempo segment. */
  beatsAt(position: Seconds): Beats;
}

/**
 * An immutable tempo map. A constant tempo is one point at beat 0. Segment i runs from point i to
 * point i + 1 (the last one on forever); segment −1 is the constant tempo before the first point.
 */
export interface TempoMap {
  readonly points: readonly TempoPoint[];
  readonly pointBeats: Float64Array;
  readonly pointBps: Float64Array;
  /** Tempo change per beat over segment i; 0 for the last segment and for tempo steps. */
  readonly slopes: Float64Array;
  readonly pointSeconds: Float64Array;
  /** Least recently used first. */
  readonly windows: Map<string, BeatsWindow | SecondsWindow>;
}

type Evaluate = (map: TempoMap, segment: number, position: number) => number;

/** Seconds to advance d beats from a point at tempo p rising by k per beat. */
function elapsed(d: number, p: number, k: number): number {
  const u = (k * d) / p;
  return u === 0 ? d / p : (d / p) * (Math.log1p(u) / u);
}

/** Beats advanced in t seconds from a point at tempo p rising by k per beat. */
function advance(t: number, p: number, k: number): number {
  const v = k * t;
  return v === 0 ? t * p : t * p * (Math.expm1(v) / v);
}

const secondsIn: Evaluate = (map, segment, position) => {
  const anchor = Math.max(segment, 0);
  const slope = segment < 0 ? 0 : map.slopes[segment];
  return map.pointSeconds[anchor] + elapsed(position - map.pointBeats[anchor], map.pointBps[anchor], slope);
};

const beatsIn: Evaluate = (map, segment, position) => {
  const anchor = Math.max(segment, 0);
  const slope = segment < 0 ? 0 : map.slopes[segment];
  return map.pointBeats[anchor] + advance(position - map.pointSeconds[anchor], map.pointBps[anchor], slope);
};

/** The last index whose key is at or before position, or −1. */
function segmentOf(keys: Float64Array, position: number): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle] <= position) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/** Steps a nearby segment guess to the one segmentOf would find. */
function settle(keys: Float64Array, guess: number, position: number): number {
  let segment = guess;
  while (segment >= 0 && keys[segment] > position) segment--;
  while (segment + 1 < keys.length && keys[segment + 1] <= position) segment++;
  return segment;
}

const usableBps = (bps: number | undefined): number =>
  bps !== undefined && Number.isFinite(bps) && bps > 0 ? bps : DEFAULT_BPS;

/**
 * Builds the map for a project's timing. A missing or unusable bps falls back to 2 beats per
 * second; automation that the project schema would refuse is refused here too.
 */
export function createTempoMap(timing: TempoSource): TempoMap {
  const automation = bpsAutomationSchema.safeParse(timing.bpsAutomation ?? []);
  if (!automation.success) {
    throw new Error(`Invalid tempo automation: ${summarizeIssues(automation.error)}`, {
      cause: automation.error,
    });
  }
  const points: TempoPoint[] =
    automation.data.length > 0 ? automation.data : [{ beats: 0, bps: usableBps(timing.bps) }];
  const count = points.length;
  const pointBeats = Float64Array.from(points, (point) => point.beats);
  const pointBps = Float64Array.from(points, (point) => point.bps);
  const slopes = new Float64Array(count);
  const pointSeconds = new Float64Array(count);
  for (let index = 0; index + 1 < count; index++) {
    const length = pointBeats[index + 1] - pointBeats[index];
    slopes[index] = length > 0 ? (pointBps[index + 1] - pointBps[index]) / length : 0;
    pointSeconds[index + 1] = pointSeconds[index] + elapsed(length, pointBps[index], slopes[index]);
  }
  const map: TempoMap = { points, pointBeats, pointBps, slopes, pointSeconds, windows: new Map() };
  // Times so far count from the first point; the timeline's clock starts at beat 0.
  const origin = secondsIn(map, segmentOf(pointBeats, 0), 0);
  if (origin !== 0) for (let index = 0; index < count; index++) pointSeconds[index] -= origin;
  return map;
}

export const beatsToSeconds = (map: TempoMap, position: Beats): Seconds =>
  seconds(secondsIn(map, segmentOf(map.pointBeats, position), position));

export const secondsToBeats = (map: TempoMap, time: Seconds): Beats =>
  beats(beatsIn(map, segmentOf(map.pointSeconds, time), time));

/** The tempo in beats per second at a beat; at a tempo step, the tempo after it. */
export function bpsAt(map: TempoMap, position: Beats): number {
  const segment = segmentOf(map.pointBeats, position);
  const last = map.pointBeats.length - 1;
  if (segment < 0) return map.pointBps[0];
  if (segment === last) return map.pointBps[last];
  const from = map.pointBeats[segment];
  const fraction = (position - from) / (map.pointBeats[segment + 1] - from);
  return map.pointBps[segment] + (map.pointBps[segment + 1] - map.pointBps[segment]) * fraction;
}

/**
 * The times of the beats at whole multiples of step (1 for the metronome's beats, the grid spacing
 * for grid lines) from `from` to `to`, both included. Entry m is beat (firstIndex + m)·step. One
 * walk through the tempo segments, with values equal to beatsToSeconds at each beat.
 */
export function beatTimes(
  map: TempoMap,
  from: Beats,
  to: Beats,
  step = 1,
): { firstIndex: number; seconds: Float64Array } {
  if (!(Number.isFinite(from) && Number.isFinite(to) && Number.isFinite(step) && step > 0)) {
    throw new RangeError(`beatTimes needs a finite range and a positive step, got ${from}..${to} by ${step}`);
  }
  const firstIndex = Math.ceil(from / step);
  const count = Math.max(0, Math.floor(to / step) - firstIndex + 1);
  const times = new Float64Array(count);
  let segment = segmentOf(map.pointBeats, firstIndex * step);
  for (let m = 0; m < count; m++) {
    const position = (firstIndex + m) * step;
    segment = settle(map.pointBeats, segment, position);
    times[m] = secondsIn(map, segment, position);
  }
  return { firstIndex, seconds: times };
}

/** Samples a window and answers lookups inside it from the segment recorded at the sample below. */
function sampleWindow(map: TempoMap, keys: Float64Array, evaluate: Evaluate, start: number, end: number) {
  if (!(Number.isFinite(start) && Number.isFinite(end) && end > start)) {
    throw new RangeError(`A tempo window needs finite ends with end > start, got ${start}..${end}`);
  }
  const last = TEMPO_WINDOW_SAMPLES - 1;
  const spacing = (end - start) / last;
  const values = new Float64Array(TEMPO_WINDOW_SAMPLES);
  const segments = new Int32Array(TEMPO_WINDOW_SAMPLES);
  let segment = segmentOf(keys, start);
  for (let j = 0; j <= last; j++) {
    const position = j === last ? end : start + j * spacing;
    segment = settle(keys, segment, position);
    segments[j] = segment;
    values[j] = evaluate(map, segment, position);
  }
  const lookup = (position: number): number => {
    if (!(position >= start && position <= end)) return evaluate(map, segmentOf(keys, position), position);
    const below = Math.min(Math.floor((position - start) / spacing), last);
    return evaluate(map, settle(keys, segments[below], position), position);
  };
  return { values, lookup };
}

function cached<W extends BeatsWindow | SecondsWindow>(map: TempoMap, key: string, make: () => W): W {
  const hit = map.windows.get(key) as W | undefined;
  if (hit !== undefined) {
    map.windows.delete(key);
    map.windows.set(key, hit);
    return hit;
  }
  const made = make();
  map.windows.set(key, made);
  if (map.windows.size > TEMPO_WINDOW_CACHE_ENTRIES) {
    map.windows.delete(map.windows.keys().next().value as string);
  }
  return made;
}

/** The window over beats start..end, from the map's cache when it was asked for lately. */
export const beatsWindow = (map: TempoMap, start: Beats, end: Beats): BeatsWindow =>
  cached(map, `beats:${start}:${end}`, () => {
    const { values, lookup } = sampleWindow(map, map.pointBeats, secondsIn, start, end);
    return { kind: "beats", start, end, seconds: values, secondsAt: (position) => seconds(lookup(position)) };
  });

/** The window over seconds start..end, from the map's cache when it was asked for lately. */
export const secondsWindow = (map: TempoMap, start: Seconds, end: Seconds): SecondsWindow =>
  cached(map, `seconds:${start}:${end}`, () => {
    const { values, lookup } = sampleWindow(map, map.pointSeconds, beatsIn, start, end);
    return { kind: "seconds", start, end, beats: values, beatsAt: (position) => beats(lookup(position)) };
  });
