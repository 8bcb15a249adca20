// One-bar rhythm strings (sixteenth steps, see genres.ts) and swing.

import type { Beats } from "../../shared/time.ts";

export const STEP: number = 0.25;

export interface RhythmEvent {
  /** Beats from the bar start. */
  readonly at: number;
  /** Beats until the next event or silence. */
  readonly length: number;
  readonly symbol: string;
}

/** "r---..f-" -> root at 0 for 1 beat, fifth at 1.5 for half a beat. */
export function parseRhythm(pattern: string): RhythmEvent[] {
  const events: RhythmEvent[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const symbol = pattern[i];
    if (symbol === "." || symbol === "-") continue;
    let end = i + 1;
    while (end < pattern.length && pattern[end] === "-") end++;
    events.push({ at: i * STEP, length: (end - i) * STEP, symbol });
  }
  return events;
}

export interface Groove {
  /** 0 (straight) .. 1 (triplet feel). */
  readonly amount: number;
  /** The note value swung: 0.5 eighths, 0.25 sixteenths. */
  readonly unit: number;
  /** Where the grid starts (an extend may start mid-bar of an upload). */
  readonly origin: number;
}

/** Delays the off-beat notes (the second of each pair of `unit`s) by up to a third of the unit. */
export function swingTime(time: Beats, groove: Groove): Beats {
  if (groove.amount <= 0) return time;
  const position = (time - groove.origin) / groove.unit;
  const whole = Math.round(position);
  if (Math.abs(position - whole) > 1e-6 || whole % 2 === 0) return time;
  return (time + (groove.amount * groove.unit) / 3) as Beats;
}
