// The tables of video: song video renders. schema.ts gathers them into the Database interface.

import type { Generated } from "kysely";
import type { Timestamp } from "./column-types.ts";

/** A song's video render (0115): one row per clip, the latest request's state. */
export interface SongVideosTable {
  clip_id: string;
  user_id: string;
  status: "pending" | "complete" | "error";
  error_message: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}
