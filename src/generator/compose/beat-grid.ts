// A score's beats in seconds, in the downbeats endpoint's format: every beat as
// [seconds, beat number in the bar] (1 = the downbeat), 4 decimals, bars counted from each
// section's start (an extend's new part may start mid-bar of the upload it continues).

import type { NumberedBeat } from "../../shared/beats/beats-result.ts";
import { type Beats, type Seconds, seconds } from "../../shared/time.ts";
import type { Score } from "../score.ts";

export function secondsOf(score: Pick<Score, "bpm">, time: Beats): Seconds {
  return seconds((time * 60) / score.bpm);
}

const round4 = (value: number) => Math.round(value * 10000) / 10000;

export function downbeatsOf(score: Score): NumberedBeat[] {
  const out: NumberedBeat[] = [];
  for (const section of score.sections) {
    for (let beat = 0; section.start + beat < section.end - 1e-6; beat++) {
      const time = round4(secondsOf(score, (section.start + beat) as Beats));
      if (out.length > 0 && time <= out[out.length - 1][0]) continue;
      out.push([time, (beat % score.beatsPerBar) + 1]);
    }
  }
  return out;
}
