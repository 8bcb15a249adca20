// Reads a Chromium performance trace (DevTools timeline categories) for the studio bench: the
// JavaScript time of each frame, and the work from an input event to the frame that redrew it.

export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** Thread (CPU) time of the event, µs: unlike dur, not stretched while the thread waits for a core. */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: {
    readonly name?: string;
    readonly data?: { readonly type?: string; readonly message?: string };
  };
}

interface Span {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  /** CPU time, µs (the wall time when the trace has no thread times). */
  readonly cpu: number;
  readonly type?: string;
}

/** Top-level JavaScript work on the main thread: animation frames, input and other events, timers, tasks. */
const JS_ROOTS = new Set([
  "FireAnimationFrame",
  "EventDispatch",
  "TimerFire",
  "FunctionCall",
  "RunMicrotasks",
]);

/** The renderer main thread that ran the most animation frames: the studio page's. */
function studioThread(events: readonly TraceEvent[]): { pid: number; tid: number } {
  const counts = new Map<string, number>();
  for (const event of events) {
    if (event.name !== "FireAnimationFrame") continue;
    const key = `${event.pid}:${event.tid}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  if (best === undefined) throw new Error("The trace has no animation frames");
  const [pid, tid] = best[0].split(":").map(Number);
  return { pid, tid };
}

/** JS spans not inside another one (a FunctionCall inside an event is not counted twice), in µs. */
function rootSpans(events: readonly TraceEvent[]): Span[] {
  const { pid, tid } = studioThread(events);
  const spans = events
    .filter((event) => event.pid === pid && event.tid === tid && event.ph === "X" && JS_ROOTS.has(event.name))
    .map((event) => ({
      name: event.name,
      start: event.ts,
      end: event.ts + (event.dur ?? 0),
      cpu: event.tdur ?? event.dur ?? 0,
      type: event.args?.data?.type,
    }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Span[] = [];
  let reach = Number.NEGATIVE_INFINITY;
  for (const span of spans) {
    if (span.end <= reach) continue;
    roots.push(span);
    reach = span.end;
  }
  return roots;
}

export type Clock = "cpu" | "wall";

const timeOf = (span: Span, clock: Clock) => (clock === "cpu" ? span.cpu : span.end - span.start);

/**
 * Milliseconds of JS per frame: each frame's animation-frame callback and all JS since the
 * previous one; in CPU time (what the code costs) or wall time (stretched on a busy machine).
 */
export function frameJsTimes(
  events: readonly TraceEvent[],
  from: number,
  to: number,
  clock: Clock = "cpu",
): number[] {
  const spans = rootSpans(events).filter((span) => span.start >= from && span.end <= to);
  const frames: number[] = [];
  let pending = 0;
  for (const span of spans) {
    pending += timeOf(span, clock);
    if (span.name === "FireAnimationFrame") {
      frames.push(pending / 1000);
      pending = 0;
    }
  }
  return frames;
}

export interface Roundtrip {
  /** JS work from the input event to the end of the frame that redrew after it, in ms. */
  readonly workMs: number;
  /** Wall time over the same span, the wait for the frame included, in ms. */
  readonly wallMs: number;
}

/** For each input event of these types: its handling, the JS after it, and the frame that redrew. */
export function inputRoundtrips(
  events: readonly TraceEvent[],
  types: ReadonlySet<string>,
  from: number,
  to: number,
  clock: Clock = "cpu",
): Roundtrip[] {
  const spans = rootSpans(events).filter((span) => span.start >= from && span.end <= to);
  const trips: Roundtrip[] = [];
  for (let i = 0; i < spans.length; i++) {
    const input = spans[i];
    if (input.name !== "EventDispatch" || input.type === undefined || !types.has(input.type)) continue;
    let work = 0;
    for (let j = i; j < spans.length; j++) {
      const span = spans[j];
      work += timeOf(span, clock);
      if (span.name === "FireAnimationFrame" && span.start >= input.end) {
        trips.push({ workMs: work / 1000, wallMs: (span.end - input.start) / 1000 });
        break;
      }
    }
  }
  return trips;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
