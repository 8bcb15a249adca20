// A note of an instrument part, on the song's beats. Velocities are clamped to 0.05..1 and kept to
// three decimals, so scores stay small and compare equal after a JSON round trip.

import type { Beats } from "../../shared/time.ts";
import type { Note } from "../score.ts";

export function note(start: number, duration: number, pitch: number, velocity: number): Note {
  return {
    start: start as Beats,
    duration: duration as Beats,
    pitch,
    velocity: Math.round(Math.min(1, Math.max(0.05, velocity)) * 1000) / 1000,
  };
}
