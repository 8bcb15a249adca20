// Section dynamics: how loud each part of the form plays against the song's fullest section. A
// produced song breathes: intros and verses sit under the choruses, builds rise into what follows,
// outros fall away. The composer gives every section an energy (0..1); the level of a section is
// its distance below the fullest section's energy, DB_PER_ENERGY per unit. Bass, chords, lead and
// vocals take it as a gain, the drums as their hits' velocities (playedDrums); the premaster is the
// sum of the shaped stems. The fullest section plays at unity, so the streaming master's probe (a copy
// of that section) reads the song's loudest part.

import type { DrumName, Score, StemName } from "../score.ts";

/**
 * Decibels per unit of energy below the fullest section: an intro (0.25) under a verse (0.5) by 6 dB.
 * Steeper than a whole-mix curve would need (17 dB per unit did it with the drums on it): the
 * backbeat and hats keep their level, so the other stems move further for a loudness range of 5 LU.
 */
export const DB_PER_ENERGY = 24;
/** No section drops further than this under the fullest one. */
export const MAX_CUT_DB = -12;
/** An outro falls by this much more over its last OUTRO_FALL_BEATS, as a played fade. */
export const OUTRO_FALL_DB = -5;
export const OUTRO_FALL_BEATS = 8;
/** Sections that rise across their length into the next section's level. */
const RISING = new Set(["build", "pre-chorus"]);
/** Beats over which one section's level hands over to the next's (a quick lift, not a jump). */
const HANDOVER_BEATS = 0.25;

/** A point of the gain curve: at `beat`, play at `db` (linear in amplitude between points). */
export interface LevelPoint {
  readonly beat: number;
  readonly db: number;
}

/**
 * How much of the curve each stem takes as a gain. The drum stem takes none (only the end fade): its
 * dynamics are played, hit by hit (playedDrums).
 */
const STEM_DEPTH: Record<StemName, number> = { drums: 0, bass: 1, chords: 1, lead: 1, vocals: 1 };

/** The stem's gain curve, in beat order; empty (unity throughout) when the score has no sections. */
export function sectionLevels(score: Pick<Score, "sections">, stem: StemName): LevelPoint[] {
  return levelCurve(score.sections, STEM_DEPTH[stem]);
}

/** The curve at `depth` times its full dB. */
function levelCurve(sections: Score["sections"], depth: number): LevelPoint[] {
  if (sections.length === 0) return [];
  const fullest = Math.max(...sections.map((s) => s.energy));
  const level = (energy: number) => depth * Math.max(MAX_CUT_DB, DB_PER_ENERGY * (energy - fullest));
  const points: LevelPoint[] = [];
  sections.forEach((section, i) => {
    const own = level(section.energy);
    const next = sections[i + 1];
    const rises = RISING.has(section.kind) && next !== undefined && next.energy > section.energy;
    const end = rises ? level(next.energy) : own;
    const handover = Math.min(HANDOVER_BEATS, (section.end - section.start) / 4);
    points.push({ beat: section.start, db: own });
    if (section.kind === "outro") {
      // The fade is played over the outro's last bars only: a long outro is still the song, and
      // its harmony (the key a listener takes from the ending) is heard at its own level.
      points.push({ beat: Math.max(section.start, section.end - OUTRO_FALL_BEATS), db: own });
      points.push({ beat: section.end - handover, db: own + depth * OUTRO_FALL_DB });
    } else points.push({ beat: section.end - handover, db: end });
  });
  return points;
}

/**
 * The drums as played with the sections' dynamics: each hit's velocity scaled by the curve at its
 * beat (softer verses and intros, as a drummer plays them), instead of a gain on the drum stem.
 */
export function playedDrums<T extends Pick<Score, "sections" | "drums">>(score: T): T {
  const points = levelCurve(score.sections, 1);
  if (points.length === 0) return score;
  const dbAt = (beat: number) => {
    let k = 0;
    while (k + 1 < points.length && points[k + 1].beat <= beat) k++;
    const a = points[k];
    const b = points[k + 1];
    if (!b || beat <= a.beat) return a.db;
    return a.db + ((b.db - a.db) * (beat - a.beat)) / (b.beat - a.beat);
  };
  const hits = score.drums.hits.map((hit) =>
    !SOFTENED.has(hit.drum) ? hit : { ...hit, velocity: hit.velocity * 10 ** (dbAt(hit.start) / 20) },
  );
  return { ...score, drums: { ...score.drums, hits } };
}
/**
 * The drums a drummer plays softer in a quieter section. The backbeat and the hats (and ride and
 * shaker) keep their weight: the tempo is heard from them, and softening them too (or the whole drum
 * stem, by even half the curve) let the beat analysis hear a metal song's 168 BPM as 84.
 */
const SOFTENED: ReadonlySet<DrumName> = new Set(["kick", "lowTom", "highTom", "crash"]);

/**
 * How much quieter the whole song plays than its fullest section at unity, in dB (the curve's mean
 * power over the sections, >= 0): the streaming master, which measures the fullest section, adds it.
 */
export function sectionLoudnessDrop(score: Pick<Score, "sections">): number {
  const points = levelCurve(score.sections, 1);
  let energy = 0;
  let length = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const span = points[i + 1].beat - points[i].beat;
    const a = 10 ** (points[i].db / 20);
    const b = 10 ** (points[i + 1].db / 20);
    // The mean of a linear ramp's square from a to b.
    energy += (span * (a * a + a * b + b * b)) / 3;
    length += span;
  }
  return length > 0 && energy > 0 ? -10 * Math.log10(energy / length) : 0;
}

/** The song's last this many seconds fade out, so the reverb tail ends in silence rather than a cut. */
export const END_FADE_SECONDS = 0.3;

/**
 * The curve as gains per frame, ending in the fade over the song's last END_FADE_SECONDS: apply()
 * multiplies blocks at any song position by it. Pure in its position, so a range rendered alone
 * takes the same gains as the same frames of a whole render.
 */
export class SectionGain {
  private readonly frames: Float64Array;
  private readonly gains: Float64Array;

  constructor(
    points: readonly LevelPoint[],
    frameAt: (beat: number) => number,
    songFrames: number,
    sampleRate: number,
  ) {
    const fadeFrom = Math.max(0, songFrames - Math.round(END_FADE_SECONDS * sampleRate));
    const curve = points
      .map((p) => ({ frame: frameAt(p.beat), gain: 10 ** (p.db / 20) }))
      .filter((p) => p.frame < fadeFrom);
    const last = curve.at(-1)?.gain ?? 1;
    if (curve.length === 0) curve.push({ frame: 0, gain: 1 });
    curve.push({ frame: fadeFrom, gain: last }, { frame: songFrames, gain: 0 });
    this.frames = Float64Array.from(curve, (p) => p.frame);
    this.gains = Float64Array.from(curve, (p) => p.gain);
  }

  /** Multiplies `frames` frames of left and right, the first of which is the song's frame `position`. */
  apply(left: Float32Array, right: Float32Array, frames: number, position: number): void {
    const at = this.frames;
    const gains = this.gains;
    const last = at.length - 1;
    let k = 0;
    for (let i = 0; i < frames; i++) {
      const frame = position + i;
      while (k < last && at[k + 1] <= frame) k++;
      let gain: number;
      if (frame <= at[0]) gain = gains[0];
      else if (k >= last) gain = gains[last];
      else gain = gains[k] + ((gains[k + 1] - gains[k]) * (frame - at[k])) / (at[k + 1] - at[k]);
      left[i] *= gain;
      right[i] *= gain;
    }
  }
}
