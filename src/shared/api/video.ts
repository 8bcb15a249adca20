// Song videos: the render of a song as an MP4 (cover, waveform, title and handle, lyrics), its
// status as the page polls it, and the list of the viewer's videos.

import { z } from "zod";

/** The page polls a render's status this often, at most this many times. */
export const VIDEO_STATUS_POLL_MS = 4_000;
export const VIDEO_STATUS_MAX_POLLS = 60;

export const VIDEO_GENERATION_TIMED_OUT = "Video generation timed out";
export const VIDEO_GENERATION_ERROR = "Error generating video";

/** What every song video is: H.264 + AAC in MP4, 1280x720 at 30 frames a second. */
export const SONG_VIDEO_WIDTH = 1280;
export const SONG_VIDEO_HEIGHT = 720;
export const SONG_VIDEO_FPS = 30;

/** none: never asked for; pending: rendering (or queued); complete: video_url plays; error: failed. */
export const songVideoStatusSchema = z.enum(["none", "pending", "complete", "error"]);
export type SongVideoStatus = z.infer<typeof songVideoStatusSchema>;

export const songVideoSchema = z.object({
  clip_id: z.string(),
  status: songVideoStatusSchema,
  /** The finished video (the clip's video_url); while a new one renders, the previous one, if any. */
  video_url: z.string().nullable(),
  /** The song changed (lyrics, title, cover) since its video was made. */
  is_stale: z.boolean(),
  error_message: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type SongVideo = z.infer<typeof songVideoSchema>;

export const songVideoListSchema = z.object({ videos: z.array(songVideoSchema) });
export type SongVideoList = z.infer<typeof songVideoListSchema>;
