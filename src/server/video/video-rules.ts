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

/** The default thumbnail: a second into the hook (the first frame is often a fade from black). */
const DEFAULT_THUMBNAIL_S = 1;

/**
 * Where in the rendered hook its thumbnail frame is: the frame its owner chose (given in the
 * uploaded video's time, so moved by the range's start), else a second in; always inside the hook
 * and before its last frame.
 */
export function hookThumbnailTime(
  chosenS: number | null,
  videoStartS: number,
  hookDurationS: number,
): number {
  const wanted = chosenS === null ? Math.min(DEFAULT_THUMBNAIL_S, hookDurationS / 2) : chosenS - videoStartS;
  const lastFrameS = Math.max(0, hookDurationS - 0.1);
  return Math.min(Math.max(0, wanted), lastFrameS);
}
