import { z } from "zod";
import type { GenerationTask } from "../../generator/song-request.ts";

// What a generation job keeps of its request (generation_jobs.plan): the SongRequest without the
// seed (one per clip) and with references as clip ids, resolved to audio only when the job runs.
// Read back through this schema, so a row written by an older server fails loudly, not oddly.

const unit = z.number().min(0).max(1);
const seconds = z.number().finite().min(0);

export const storedPlanSchema = z.object({
  task: z.string().min(1).max(64),
  version: z.union([z.literal(3), z.literal(3.5), z.literal(4), z.literal(4.5), z.literal(5)]),
  title: z.string(),
  tags: z.string(),
  negativeTags: z.string(),
  lyrics: z.string(),
  /** Simple mode: the description the lyrics, title and styles are written from, per clip. */
  description: z.string().nullable(),
  instrumental: z.boolean(),
  durationSeconds: z.number().min(0).nullable(),
  vocalGender: z.enum(["m", "f"]).nullable(),
  weirdness: unit,
  styleWeight: unit,
  audioWeight: unit,
  sourceClipId: z.string().nullable(),
  inspirationClipIds: z.array(z.string()),
  continueAt: seconds.nullable(),
  /** infill: the range replaced, and the context window it is made from (absent: the whole source). */
  infill: z
    .object({
      start: seconds,
      end: seconds,
      context: z.object({ start: seconds, end: seconds.nullable() }).optional(),
    })
    .nullable(),
  speed: z.object({ multiplier: z.number().positive(), keepPitch: z.boolean() }).nullable(),
  history: z.array(z.object({ clipId: z.string(), continueAt: seconds.nullable() })),
  remaster: z
    .object({ freedom: unit, tone: unit, clarity: unit, strength: unit, stereoWidth: unit })
    .nullable(),
  stem: z.string().nullable(),
  /** edit mode's crop, fade and speed: the range edited, a crop's keep or remove, the fade-out (absent in older plans). */
  edit: z
    .object({
      range: z.object({ start: seconds, end: seconds }).nullable(),
      remove: z.boolean(),
      fadeOutSeconds: seconds,
    })
    .nullable()
    .default(null),
  /** persona: the root clip's artist range (absent in plans written before it). */
  artistRange: z.object({ start: seconds, end: seconds }).nullable().default(null),
});

export type StoredPlan = Omit<z.infer<typeof storedPlanSchema>, "task"> & { readonly task: GenerationTask };

export function readStoredPlan(value: unknown): StoredPlan {
  return storedPlanSchema.parse(value) as StoredPlan;
}

/** A plan with every optional part left out: the builders fill in what their task needs. */
export const basePlan = (task: GenerationTask, version: StoredPlan["version"]): StoredPlan => ({
  task,
  version,
  title: "",
  tags: "",
  negativeTags: "",
  lyrics: "",
  description: null,
  instrumental: false,
  durationSeconds: null,
  vocalGender: null,
  weirdness: 0.5,
  styleWeight: 0.5,
  audioWeight: 0.5,
  sourceClipId: null,
  inspirationClipIds: [],
  continueAt: null,
  infill: null,
  speed: null,
  history: [],
  remaster: null,
  stem: null,
  artistRange: null,
  edit: null,
});
