import { VIDEO_NOT_A_VIDEO } from "../../shared/api/video-uploads.ts";
import type { MediaInfo } from "./media-probe.ts";

/** The largest picture and fastest frame rate an upload may have: 4K at 60 frames a second. */
export const MAX_VIDEO_PIXELS = 3840 * 2160;
export const MAX_VIDEO_FPS = 60;
export const VIDEO_TOO_BIG_PICTURE = "Videos up to 4K (3840x2160) at 60 frames a second are supported";

/**
 * What is wrong with an uploaded video as probed, or null: no picture at all (an audio-only file),
 * no length, a picture past 4K or faster than 60 frames a second.
 */
export function uploadedVideoProblem(info: MediaInfo): string | null {
  if (!info.video || info.video.width === 0 || info.video.height === 0) return VIDEO_NOT_A_VIDEO;
  if (info.durationS === null || info.durationS <= 0) return VIDEO_NOT_A_VIDEO;
  if (info.video.width * info.video.height > MAX_VIDEO_PIXELS) return VIDEO_TOO_BIG_PICTURE;
  if (info.video.fps !== null && info.video.fps > MAX_VIDEO_FPS + 0.5) return VIDEO_TOO_BIG_PICTURE;
  return null;
}
