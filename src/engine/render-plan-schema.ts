import { z } from "zod";
import { DSP_ABI } from "../../worklets/dsp-abi.ts";
import { trackEqSchema } from "../shared/project/index.ts";
import { summarizeIssues } from "../shared/zod-issues.ts";
import type { RenderPlan } from "./render-plan.ts";

/** A plan the engine cannot play: refused whole, and the last good plan keeps playing. */
export class RenderPlanError extends Error {}

// zod numbers already refuse NaN and the infinities.
const frame = z.number();
const length = z.number().min(0, "must not be negative");

/** A warp map: whole pairs, finite, strictly increasing in timeline frames and in source frames. */
function increasingPairs(map: Float64Array): boolean {
  if (map.length % 2 !== 0) return false;
  for (let i = 0; i < map.length; i += 2) {
    if (!Number.isFinite(map[i]) || !Number.isFinite(map[i + 1])) return false;
    if (i > 0 && !(map[i] > map[i - 2] && map[i + 1] > map[i - 1])) return false;
  }
  return true;
}

const plannedClipSchema = z
  .object({
    id: z.string().min(1),
    trackId: z.string().min(1),
    sourceId: z.string().min(1),
    start: frame,
    end: frame,
    sourceStart: frame,
    amplitude: z.number().min(0).max(1),
    mute: z.boolean(),
    fadeIn: length,
    fadeOut: length,
    loop: z.object({ enabled: z.boolean(), start: length, end: length }),
    transposition: z.number().min(-24).max(24).optional(),
    formant: z.boolean().optional(),
    warp: z
      .instanceof(Float64Array)
      .refine(increasingPairs, "a warp map must be finite (timeline, source) pairs increasing in both")
      .nullable()
      .optional(),
  })
  .refine((clip) => clip.end > clip.start, { message: "a clip must end after it starts", path: ["end"] })
  .refine((clip) => !clip.loop.enabled || clip.loop.end > clip.loop.start, {
    message: "a clip loop must end after it starts",
    path: ["loop"],
  });

const renderPlanSchema = z.object({
  sampleRate: z.number().min(8000).max(384_000),
  tracks: z
    .array(
      z.object({
        id: z.string().min(1),
        amplitude: z.number().min(0).max(1),
        balance: z.number().min(-1).max(1),
        mute: z.boolean(),
        solo: z.boolean(),
        eq: trackEqSchema,
      }),
    )
    .max(DSP_ABI.maxTracks, `the engine holds at most ${DSP_ABI.maxTracks} tracks`),
  clips: z
    .array(plannedClipSchema)
    .max(DSP_ABI.maxClips, `the engine holds at most ${DSP_ABI.maxClips} clips`),
  master: z.object({
    amplitude: z.number().min(0).max(1),
    songFadeInEnd: length,
    songFadeOutStart: length,
    songFadeOutEnd: length,
  }),
  loop: z.object({ enabled: z.boolean(), start: length, end: length }),
  metronome: z.object({
    enabled: z.boolean(),
    amplitude: z.number().min(0).max(1),
    beatsPerBar: z.int().min(1).max(64),
    beats: z.instanceof(Float64Array),
  }),
  songEnd: length,
});

/**
 * Checks a plan before any of it reaches the engine: values (NaN, negative
 * lengths) and references (unknown track or source ids).
 */
export function validateRenderPlan(plan: RenderPlan, hasSource: (id: string) => boolean): RenderPlan {
  const parsed = renderPlanSchema.safeParse(plan);
  if (!parsed.success) throw new RenderPlanError(`Invalid render plan: ${summarizeIssues(parsed.error)}`);
  const trackIds = new Set(plan.tracks.map((track) => track.id));
  for (const clip of plan.clips) {
    if (!trackIds.has(clip.trackId)) {
      throw new RenderPlanError(`Invalid render plan: clip ${clip.id} is on unknown track ${clip.trackId}`);
    }
    if (!hasSource(clip.sourceId)) {
      throw new RenderPlanError(`Invalid render plan: clip ${clip.id} plays unknown source ${clip.sourceId}`);
    }
  }
  return plan;
}
