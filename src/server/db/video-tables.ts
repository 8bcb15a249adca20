// The tables of video: song video renders, video uploads and hooks. schema.ts gathers them into the Database interface.

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

/** A hook (0120): the form as sent, the rendered file and its moderation. */
export interface HooksTable {
  id: string;
  user_id: string;
  clip_id: string;
  upload_id: string | null;
  status: Generated<"rendering" | "rendered_passed_moderation" | "rendered_failed_moderation" | "error">;
  error_message: string | null;
  /** What automatic moderation found wrong, for the staff queue. */
  moderation_note: string | null;
  staff_review: "passed" | "failed" | null;
  title: Generated<string>;
  caption: Generated<string>;
  allow_comments: Generated<boolean>;
  show_lyrics: Generated<boolean>;
  /** A hook made by its owner, or a song's video cover shown in the hooks feed (0218). */
  kind: Generated<"hook" | "video_cover">;
  /** The owner's uploaded image as the thumbnail, re-encoded (0219). */
  custom_thumbnail_key: string | null;
  /** The frame of the uploaded video shown as the thumbnail, in the video's time (0219). */
  thumbnail_time_s: number | null;
  song_start_s: number;
  song_end_s: number;
  song_volume: number;
  video_start_s: number;
  video_end_s: number;
  video_volume: number;
  video_key: string | null;
  thumbnail_key: string | null;
  duration_s: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface HookLikesTable {
  hook_id: string;
  user_id: string;
  created_at: Generated<Timestamp>;
}

export interface HookCommentsTable {
  id: string;
  hook_id: string;
  user_id: string;
  parent_id: string | null;
  content: string;
  created_at: Generated<Timestamp>;
}
