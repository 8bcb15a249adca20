// The tables of generation: lyrics jobs, generation requests, the clips they make, and the durable
// job queue that renders them. schema.ts gathers them into the Database interface.

import type { Generated } from "kysely";
import type { Timestamp } from "./column-types.ts";

/** A lyrics generation job (0009). */
export interface LyricsJobsTable {
  id: Generated<string>;
  user_id: string;
  prompt: string;
  lyrics_model: Generated<string>;
  status: Generated<"running" | "done" | "error">;
  text: Generated<string>;
  title: Generated<string>;
  tags: Generated<string>;
  error_message: string | null;
  /** Started by the create page: finished reads "done" for it, "complete" for other clients. */
  from_create_page: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** A generation request or library action (0008): what it asked for and the credits it reserved. */
export interface GenerationJobsTable {
  id: Generated<string>;
  user_id: string;
  kind: "generate" | "concat" | "upsample" | "speed" | "edit";
  task: string;
  model_key: string;
  /** JSON: a StoredPlan (src/server/generation/stored-plan.ts). */
  plan: unknown;
  reservation_id: number | null;
  credits: Generated<number>;
  created_at: Timestamp;
}

export type GeneratedClipState = "queued" | "submitted" | "streaming" | "complete" | "error";

/** A clip a generation job makes (0008), and once complete what later tasks build on. */
export interface GeneratedClipsTable {
  clip_id: string;
  job_id: string;
  position: number;
  /** uint32 */
  seed: number;
  state: GeneratedClipState;
  /** JSON: [{word, start_s, end_s}]. */
  aligned_words: unknown;
  /** JSON: the generator's Score, or null from an external model. */
  score: unknown;
  /** JSON: [{name, key}] of the stems kept in storage. */
  stems: unknown;
  midi_key: string | null;
  error: string | null;
  refunded: Generated<boolean>;
  updated_at: Generated<Timestamp>;
}

/** A piece of long work on the durable queue (0040): src/server/jobs/job-queue.ts. */
export interface JobQueueTable {
  id: Generated<number>;
  kind: string;
  /** JSON: what the kind's handler needs, checked by its zod schema. */
  payload: unknown;
  state: Generated<"ready" | "running" | "failed">;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Generated<Timestamp>;
  lease_until: Timestamp | null;
  worker: string | null;
  last_error: string | null;
}

/** An edit session of edit mode (0050): its id is made by the page; the first user to name it keeps it. */
export interface EditSessionsTable {
  id: string;
  user_id: string;
  created_at: Generated<Timestamp>;
}
