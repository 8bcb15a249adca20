import { FfmpegError, runFfmpeg } from "./run-ffmpeg.ts";

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

/** What a video we made must be: its size, and a length within one frame of the one asked for. */
export interface VideoShape {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly durationS: number;
}

/**
 * Checks a video we rendered before it is kept: H.264 + AAC, the size asked for, the length within
 * one frame. Anything else is an FfmpegError naming what is wrong.
 */
export function checkRenderedVideo(info: MediaInfo, shape: VideoShape): void {
  const problems = [
    info.video?.codec !== "h264" && `video ${info.video?.codec ?? "missing"}`,
    info.audio?.codec !== "aac" && `audio ${info.audio?.codec ?? "missing"}`,
    (info.video?.width !== shape.width || info.video?.height !== shape.height) &&
      `size ${info.video?.width}x${info.video?.height}`,
    (info.durationS === null || Math.abs(info.durationS - shape.durationS) > 1 / shape.fps) &&
      `duration ${info.durationS} s, not ${shape.durationS} s`,
  ].filter((problem) => problem !== false);
  if (problems.length > 0) throw new FfmpegError(`The rendered video is wrong: ${problems.join(", ")}`);
}
