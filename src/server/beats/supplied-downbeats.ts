import type { Kysely } from "kysely";
import { z } from "zod";
import { BEATS_PER_BAR, type BeatsResult, type NumberedBeat } from "../../shared/beats/beats-result.ts";
import type { Database } from "../db/schema.ts";
import { roundSeconds } from "./beat-frames.ts";

/** What initialize-clip may have kept: bar starts in seconds (the studio's), or numbered beats. */
const suppliedSchema = z.object({
  downbeats: z.union([
    z.array(z.number().finite().nonnegative()),
    z.array(z.tuple([z.number().finite().nonnegative(), z.int().min(1).max(BEATS_PER_BAR)])),
  ]),
});

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Numbered beats, increasing, at most one per instant. */
function cleaned(beats: NumberedBeat[]): NumberedBeat[] {
  const sorted = beats.map(([t, n]): NumberedBeat => [roundSeconds(t), n]).sort((a, b) => a[0] - b[0]);
  return sorted.filter(([t], i) => i === 0 || t > sorted[i - 1][0]);
}

/**
 * Bar starts as numbered beats: each bar split into BEATS_PER_BAR even beats, the last bar as long
 * as the one before it, cut at the clip's end when it is known.
 */
function beatsFromBarStarts(bars: readonly number[], duration: number | null): NumberedBeat[] {
  const starts = [...new Set(bars)].sort((a, b) => a - b);
  const beats: NumberedBeat[] = [];
  starts.forEach((start, i) => {
    const last = i + 1 === starts.length;
    const length = !last ? starts[i + 1] - start : duration !== null && i > 0 ? start - starts[i - 1] : 0;
    beats.push([start, 1]);
    for (let k = 1; k < BEATS_PER_BAR && length > 0; k++) {
      const t = start + (k * length) / BEATS_PER_BAR;
      if (last && duration !== null && t >= duration) break;
      beats.push([t, k + 1]);
    }
  });
  return beats;
}

/**
 * The downbeats the uploader gave with initialize-clip, as the clip's analysis; null when none
 * were given (or too few to make a tempo of), and the audio is analysed instead.
 */
export async function suppliedBeats(
  db: Kysely<Database>,
  clipId: string,
  duration: number | null,
): Promise<BeatsResult | null> {
  const upload = await db
    .selectFrom("uploads")
    .select("clip_context")
    .where("clip_id", "=", clipId)
    .executeTakeFirst();
  const parsed = suppliedSchema.safeParse(upload?.clip_context ?? null);
  if (!parsed.success) return null;
  const given = parsed.data.downbeats;
  const numbered = cleaned(
    given.every((item) => typeof item === "number")
      ? beatsFromBarStarts(given as number[], duration)
      : (given as NumberedBeat[]),
  );
  if (numbered.length < 2) return null;
  const beats = numbered.map(([t]) => t);
  const intervals = beats.slice(1).map((t, i) => t - beats[i]);
  return {
    bpm: Math.round((60 / median(intervals)) * 100) / 100,
    beats,
    downbeats: numbered,
  };
}
