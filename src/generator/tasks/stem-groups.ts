import type { InstrumentStemName } from "../render/render-stems.ts";

/**
 * Instrument stems split among the threads left for them (one job each), in stem order. Each stem
 * renders the same whichever job it is in: the split changes the speed, never the output.
 */
export function stemGroups(stems: readonly InstrumentStemName[], threads: number): InstrumentStemName[][] {
  const groups = Array.from({ length: Math.min(threads, stems.length) }, (): InstrumentStemName[] => []);
  stems.forEach((stem, i) => {
    groups[i % groups.length].push(stem);
  });
  return groups;
}
