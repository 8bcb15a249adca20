import { BEATS_PER_BAR } from "../../timeline/constants.ts";

/** "m:ss.t" from tenths of a second. */
export function formatTenths(tenths: number): string {
  const total = Math.max(0, Math.floor(tenths));
  const minutes = Math.floor(total / 600);
  const secondsPart = Math.floor((total % 600) / 10);
  return `${minutes}:${String(secondsPart).padStart(2, "0")}.${total % 10}`;
}

/** "bar.beat", both counted from 1, from a whole beat index. */
export function formatBarBeat(wholeBeats: number): string {
  const beat = Math.max(0, Math.floor(wholeBeats));
  return `${Math.floor(beat / BEATS_PER_BAR) + 1}.${(beat % BEATS_PER_BAR) + 1}`;
}
