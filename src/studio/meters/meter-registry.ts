// Level meters are DOM elements updated on animation frames straight from the engine's shared
// memory: each registers its bars here, and the frame loop writes their transforms. Transforms come
// from a table of precomputed strings, so a frame allocates no strings.

import { dbToMeterPosition, linearToDb } from "../../shared/meter-scale.ts";

export interface LevelSource {
  /** A track's levels (linear), or the master's for undefined; null when the engine lacks the track. */
  levels(trackId?: string): { peakLeft: number; peakRight: number } | null;
}

interface MeterBars {
  readonly trackId: string | undefined;
  readonly scales: readonly string[];
  readonly left: HTMLElement;
  readonly right: HTMLElement;
  shownLeft: number;
  shownRight: number;
  writtenLeft: number;
  writtenRight: number;
}

/** Meter heights are written in steps of 1/STEPS of the scale. */
const STEPS = 240;
const SCALES_X = Array.from({ length: STEPS + 1 }, (_, i) => `scaleX(${(i / STEPS).toFixed(4)})`);
const SCALES_Y = Array.from({ length: STEPS + 1 }, (_, i) => `scaleY(${(i / STEPS).toFixed(4)})`);
/** How fast a bar falls back, in meter heights per second: peaks read, then ease off. */
const FALL_PER_SECOND = 1.2;

export class MeterRegistry {
  private readonly meters: MeterBars[] = [];
  private lastFrame = 0;

  /** Registers a meter's two bars (left and right channel); answers the unregister function. */
  register(
    trackId: string | undefined,
    left: HTMLElement,
    right: HTMLElement,
    axis: "x" | "y" = "x",
  ): () => void {
    const scales = axis === "x" ? SCALES_X : SCALES_Y;
    const bars: MeterBars = {
      trackId,
      scales,
      left,
      right,
      shownLeft: 0,
      shownRight: 0,
      writtenLeft: -1,
      writtenRight: -1,
    };
    this.meters.push(bars);
    left.style.transform = scales[0];
    right.style.transform = scales[0];
    return () => {
      const index = this.meters.indexOf(bars);
      if (index >= 0) this.meters.splice(index, 1);
    };
  }

  frame(now: number, source: LevelSource | null): void {
    const elapsed = this.lastFrame === 0 ? 0 : Math.min(0.25, (now - this.lastFrame) / 1000);
    this.lastFrame = now;
    const fall = FALL_PER_SECOND * elapsed;
    for (let i = 0; i < this.meters.length; i++) {
      const bars = this.meters[i];
      const levels = source?.levels(bars.trackId) ?? null;
      const left = levels === null ? 0 : dbToMeterPosition(linearToDb(levels.peakLeft));
      const right = levels === null ? 0 : dbToMeterPosition(linearToDb(levels.peakRight));
      bars.shownLeft = Math.max(left, bars.shownLeft - fall);
      bars.shownRight = Math.max(right, bars.shownRight - fall);
      const stepLeft = Math.round(bars.shownLeft * STEPS);
      const stepRight = Math.round(bars.shownRight * STEPS);
      if (stepLeft !== bars.writtenLeft) {
        bars.writtenLeft = stepLeft;
        bars.left.style.transform = bars.scales[stepLeft];
      }
      if (stepRight !== bars.writtenRight) {
        bars.writtenRight = stepRight;
        bars.right.style.transform = bars.scales[stepRight];
      }
    }
  }
}
