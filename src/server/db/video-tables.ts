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

/** A video upload (0116): the file as sent, and what its processing found and made. */
export interface VideoUploadsTable {
  id: string;
  user_id: string;
  extension: string;
  original_key: string;
  status: Generated<"uploading" | "uploading-complete" | "processing" | "complete" | "error">;
  error_message: string | null;
  upload_type: string | null;
  upload_filename: string | null;
  is_video_cover: Generated<boolean>;
  require_video_sprite: Generated<boolean>;
  fail_task_on_moderation: Generated<boolean>;
  video_upload_type: string | null;
  clip_id: string | null;
  duration_s: number | null;
  width: number | null;
  height: number | null;
  thumbnail_key: string | null;
  sprite_key: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}
