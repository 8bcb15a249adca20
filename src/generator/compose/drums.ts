// The drum part: the genre's groove per bar (the sparse one in quiet sections, none in the
// quietest), varied across bars (the genre's variant bars close each phrase of four and answer
// each first bar of a pair), a crash where a lifted section starts, a pickup every eighth bar, a
// fill leading into the next section, and one last hit on the final bar.

import type { Beats } from "../../shared/time.ts";
import type { DrumHit, DrumKit, DrumName, SongSection } from "../score.ts";
import type { DrumPattern, GenrePreset } from "./genres.ts";
import type { Random } from "./random.ts";
import { parseRhythm, type RhythmEvent } from "./rhythm.ts";

const VELOCITY: Readonly<Record<string, number>> = { X: 1, x: 0.85, o: 0.45 };

const hit = (start: number, drum: DrumName, velocity: number): DrumHit => ({
  start: start as Beats,
  drum,
  velocity: Math.round(Math.min(1, Math.max(0.05, velocity)) * 1000) / 1000,
});

/**
 * The section's groove for a bar. Quiet sections play the sparse groove, varied only in the
 * drums it has; the variants never add a drum there.
 */
export function grooveFor(preset: GenrePreset, energy: number, barIndex: number): DrumPattern {
  if (energy < 0.3) return {};
  const [closing, answer] = preset.drumVariants;
  const variant = (barIndex % 4 === 3 ? closing : barIndex % 2 === 1 ? answer : undefined) ?? {};
  if (energy < 0.55) {
    const low: DrumPattern = { ...preset.drumsLow };
    for (const drum of Object.keys(low) as DrumName[]) low[drum] = variant[drum] ?? low[drum];
    return low;
  }
  const groove = { ...preset.drums, ...variant };
  if (energy >= 0.7) return groove;
  const { openHat: _open, crash: _crash, ...rest } = groove;
  return rest;
}

function lanesOf(groove: DrumPattern): { drum: DrumName; events: RhythmEvent[] }[] {
  return Object.entries(groove).map(([drum, pattern]) => ({
    drum: drum as DrumName,
    events: parseRhythm(pattern ?? ""),
  }));
}

/**
 * A fill of `beats` beats, rising in level, in one of two shapes per kit: toms falling from high to
 * low or snare into toms (acoustic kits), a hi-hat roll in thirty-seconds into a clap or a clap run
 * (808), a snare run in sixteenths or eighths into sixteenths (electronic).
 */
function fill(kit: DrumKit, at: number, beats: number, random: Random): DrumHit[] {
  const steps = Math.round(beats / 0.25);
  const rise = (i: number, of: number) => 0.55 + (0.4 * i) / of;
  const second = random.chance(0.5);
  if (kit === "808" && !second) {
    const rolls = 2 * steps - 2;
    const hats = Array.from({ length: rolls }, (_, i) => hit(at + i * 0.125, "closedHat", rise(i, rolls)));
    return [...hats, hit(at + beats - 0.25, "clap", 0.95)];
  }
  if (kit === "electronic" && second) {
    return Array.from({ length: steps }, (_, i) => i).flatMap((i) =>
      i < steps / 2 && i % 2 === 1 ? [] : [hit(at + i * 0.25, "snare", rise(i, steps))],
    );
  }
  const toms = kit === "acoustic" || kit === "lofi";
  return Array.from({ length: steps }, (_, i) => {
    const drum: DrumName = !toms
      ? kit === "808"
        ? "clap"
        : "snare"
      : second && i < steps / 2
        ? "snare"
        : i < steps / 2
          ? "highTom"
          : random.chance(0.7)
            ? "lowTom"
            : "snare";
    return hit(at + i * 0.25, drum, rise(i, steps));
  });
}

export function drumPart(
  sections: readonly SongSection[],
  preset: GenrePreset,
  kit: DrumKit,
  beatsPerBar: number,
  random: Random,
): DrumHit[] {
  const hits: DrumHit[] = [];
  sections.forEach((section, index) => {
    // A bar's groove depends on its place in a phrase of four bars only.
    const phrase = [0, 1, 2, 3].map((barIndex) => lanesOf(grooveFor(preset, section.energy, barIndex)));
    const lanes = phrase[0];
    const next = sections[index + 1];
    const fillBeats =
      next && next.energy >= 0.45 && section.energy >= 0.3 && section.end - section.start >= 2 * beatsPerBar
        ? next.energy >= 0.8
          ? 2
          : 1
        : 0;
    const fillFrom = section.end - fillBeats;
    const level = 0.75 + 0.25 * section.energy;
    const human = random.fork(`drums:${index}`);
    const last = index === sections.length - 1;
    const backbeat = lanes.find((lane) => lane.drum === "snare" || lane.drum === "clap")?.drum;
    for (let bar: number = section.start; bar < section.end - 1e-9; bar += beatsPerBar) {
      const barIndex = Math.round((bar - section.start) / beatsPerBar);
      if (last && bar >= section.end - beatsPerBar - 1e-9) {
        // The final bar: one hit on its downbeat, then the band rings out.
        if (lanes.length > 0) hits.push(hit(bar, "crash", 0.9), hit(bar, "kick", 0.9));
        continue;
      }
      // Every eighth bar inside a section ends on a short pickup of the backbeat.
      const pickup =
        backbeat !== undefined &&
        section.energy >= 0.55 &&
        barIndex % 8 === 7 &&
        bar + beatsPerBar < fillFrom - 1e-9;
      // Trap hats roll in thirty-seconds at the end of every fourth bar.
      const roll =
        preset.name === "trap" &&
        section.energy >= 0.55 &&
        barIndex % 4 === 3 &&
        bar + beatsPerBar <= fillFrom;
      for (const { drum, events } of phrase[barIndex % 4]) {
        for (const event of events) {
          const t = bar + event.at;
          if (t >= section.end - 1e-9 || t >= fillFrom - 1e-9) continue;
          if (roll && drum === "closedHat" && event.at >= beatsPerBar - 1) continue;
          if (pickup && drum === backbeat && event.at >= beatsPerBar - 0.5) continue;
          const timekeeper = drum === "closedHat" || drum === "shaker" || drum === "ride";
          const jitter = timekeeper ? human.range(-0.08, 0.04) : 0;
          // Timekeepers lean on the beat and lighten between beats.
          const lean = timekeeper && Math.abs(event.at % 1) > 1e-9 ? 0.8 : 1;
          hits.push(hit(t, drum, (VELOCITY[event.symbol] ?? 0.85) * level * lean + jitter));
        }
      }
      if (pickup && backbeat) {
        hits.push(
          hit(bar + beatsPerBar - 0.5, backbeat, 0.55 * level),
          hit(bar + beatsPerBar - 0.25, backbeat, 0.7 * level),
        );
      }
      if (roll) {
        for (let t = bar + beatsPerBar - 1; t < bar + beatsPerBar - 1e-9; t += 0.125)
          hits.push(hit(t, "closedHat", 0.5 + human.range(0, 0.2)));
      }
    }
    if (section.energy >= 0.6 && index > 0 && lanes.length > 0) hits.push(hit(section.start, "crash", 0.9));
    if (fillBeats > 0 && Object.keys(preset.drums).length > 0)
      hits.push(...fill(kit, fillFrom, fillBeats, human));
  });
  return hits.sort((a, b) => a.start - b.start || a.drum.localeCompare(b.drum));
}
