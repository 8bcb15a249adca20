import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { HOOK_FPS, HOOK_HEIGHT, HOOK_WIDTH } from "../../shared/api/hooks.ts";
import { assDocument, assEvent, assStyle, assText, captionLines, type TimedWord } from "./lyric-captions.ts";
import { checkRenderedVideo, type MediaInfo, probeMedia } from "./media-probe.ts";
import { runFfmpeg } from "./run-ffmpeg.ts";

export interface HookRenderInputs {
  /** Files inside the render's folder: the uploaded video and the song's audio. */
  readonly videoFile: string;
  readonly audioFile: string;
  readonly video: { readonly startS: number; readonly endS: number; readonly volume: number };
  readonly song: { readonly startS: number; readonly endS: number; readonly volume: number };
  /** The song's aligned words, burnt in when given (show_lyrics). */
  readonly words: readonly TimedWord[] | null;
}

/** A hook's render stuck past this is killed: a 241 s hook on a loaded machine takes far less. */
export const HOOK_RENDER_TIMEOUT_MS = 10 * 60_000;
const FONT = "Sans";

/**
 * The lyrics sung in the song's range, shifted to the hook's time, as an ASS script for the
 * vertical picture: one line at a time, low in the frame.
 */
export function hookCaptionScript(words: readonly TimedWord[], startS: number, endS: number): string {
  const inRange = words
    .filter((word) => word.start_s >= startS && word.end_s <= endS)
    .map((word) => ({ ...word, start_s: word.start_s - startS, end_s: word.end_s - startS }));
  return assDocument(
    HOOK_WIDTH,
    HOOK_HEIGHT,
    [assStyle(FONT, "Lyrics", 44, 2, "40,40,220")],
    captionLines(inRange).map((line) => assEvent("Lyrics", line.startS, line.endS, assText(line.text))),
  );
}

/**
 * Renders a hook in `dir`: the video's range fitted into a 720x1280 frame (bars where its shape
 * differs), the song's range, the two sounds mixed at their volumes (a video without sound adds
 * silence), the lyrics burnt in when asked; H.264 + AAC in an MP4 as long as the video's range.
 */
export async function renderHook(
  dir: string,
  inputs: HookRenderInputs,
  signal: AbortSignal,
): Promise<{ file: string; info: MediaInfo; durationS: number }> {
  const run = { cwd: dir, signal, timeoutMs: HOOK_RENDER_TIMEOUT_MS };
  const source = await probeMedia(inputs.videoFile, run);
  const durationS = inputs.video.endS - inputs.video.startS;
  const songS = inputs.song.endS - inputs.song.startS;
  if (inputs.words)
    await writeFile(
      join(dir, "lyrics.ass"),
      hookCaptionScript(inputs.words, inputs.song.startS, inputs.song.endS),
    );
  const W = HOOK_WIDTH;
  const H = HOOK_HEIGHT;
  const picture = [
    `[0:v]scale=${W}:${H}:force_original_aspect_ratio=decrease`,
    `pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2`,
    "setsar=1",
    `fps=${HOOK_FPS}`,
    ...(inputs.words ? ["subtitles=lyrics.ass"] : []),
  ].join(",");
  const videoSound = source.audio ? "[0:a]" : "anullsrc=r=44100:cl=stereo,";
  // amix divides by its number of inputs; with one of the two at 0 the other is heard as it is.
  const sound = [
    `${videoSound}aresample=44100,volume=${inputs.video.volume / 100}[va]`,
    `[1:a]aresample=44100,volume=${inputs.song.volume / 100}[sa]`,
    "[va][sa]amix=inputs=2:duration=longest:dropout_transition=0,volume=2,apad[a]",
  ].join(";");
  await runFfmpeg(
    [
      "-y",
      "-threads",
      "2",
      "-filter_complex_threads",
      "1",
      "-ss",
      inputs.video.startS.toFixed(3),
      "-t",
      durationS.toFixed(3),
      "-i",
      inputs.videoFile,
      "-ss",
      inputs.song.startS.toFixed(3),
      "-t",
      songS.toFixed(3),
      "-i",
      inputs.audioFile,
      "-filter_complex",
      `${picture}[v];${sound}`,
      "-map",
      "[v]",
      "-map",
      "[a]",
      "-t",
      durationS.toFixed(3),
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-crf",
      "26",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-b:a",
      "128k",
      "-movflags",
      "+faststart",
      "hook.mp4",
    ],
    run,
  );
  const info = await probeMedia("hook.mp4", run);
  checkRenderedVideo(info, { width: W, height: H, fps: HOOK_FPS, durationS });
  return { file: join(dir, "hook.mp4"), info, durationS };
}
