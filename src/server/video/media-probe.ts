import { runFfmpeg } from "./run-ffmpeg.ts";

/** What a media file holds, as ffmpeg reads its container and streams. */
export interface MediaInfo {
  /** Seconds; null when the container states none. */
  readonly durationS: number | null;
  readonly video: {
    readonly codec: string;
    readonly width: number;
    readonly height: number;
    readonly fps: number | null;
  } | null;
  readonly audio: { readonly codec: string } | null;
}

const DURATION = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/;
const STREAM = /Stream #\d+:\d+[^:]*: (Video|Audio): (\w+)([^\n]*)/g;

/**
 * Reads `ffmpeg -i` output: the container's duration and its first video and audio streams (codec,
 * size, frame rate). Pure, so the rules that follow it are tested without files.
 */
export function parseProbe(stderr: string): MediaInfo {
  const duration = DURATION.exec(stderr);
  let video: MediaInfo["video"] = null;
  let audio: MediaInfo["audio"] = null;
  for (const [, kind, codec, rest] of stderr.matchAll(STREAM)) {
    if (kind === "Video" && !video) {
      const size = /, (\d{1,5})x(\d{1,5})/.exec(rest);
      const fps = /, ([\d.]+) fps/.exec(rest);
      video = {
        codec,
        width: size ? Number(size[1]) : 0,
        height: size ? Number(size[2]) : 0,
        fps: fps ? Number(fps[1]) : null,
      };
    }
    if (kind === "Audio" && !audio) audio = { codec };
  }
  return {
    durationS: duration ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]) : null,
    video,
    audio,
  };
}

/**
 * Probes a file by reading every packet without decoding (`-c copy` to the null muxer): a file whose
 * container cannot be read fails here, before any decode or encode is spent on it.
 */
export async function probeMedia(
  path: string,
  run: { readonly cwd: string; readonly signal?: AbortSignal },
): Promise<MediaInfo> {
  const stderr = await runFfmpeg(["-i", path, "-map", "0", "-c", "copy", "-f", "null", "-"], {
    ...run,
    timeoutMs: 60_000,
  });
  return parseProbe(stderr);
}
