// The hook part of `npm run bench video`: a 30-second hook from a 1080p camera-like upload (the
// shape phones send) mixed with a range of the song, as the render-hook job does it: the render,
// then automatic moderation's decode of what was made (target 15 s on the 2-core machine).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { measureHook } from "../src/server/video/hook-moderation.ts";
import { HOOK_RENDER_TIMEOUT_MS, renderHook } from "../src/server/video/hook-render.ts";
import { runFfmpeg } from "../src/server/video/run-ffmpeg.ts";
import { childCpuSeconds } from "./video-cpu.ts";

/** The hook's length: the spec's 30 s example of a short post. */
export const HOOK_BENCH_SECONDS = 30;

export interface HookBenchFigures {
  readonly renderS: number;
  readonly moderationS: number;
  /** ffmpeg's CPU time for both (user + system): what the load cannot stretch. */
  readonly cpuS: number;
}

/**
 * Makes the upload in `dir` (1920x1080, 30 fps, H.264 + AAC, moving), writes `wav` beside it as
 * the song, and times the render and moderation of a 30 s hook with lyrics burnt in.
 */
export async function benchHook(dir: string, wav: Uint8Array): Promise<HookBenchFigures> {
  const run = { cwd: dir, timeoutMs: HOOK_RENDER_TIMEOUT_MS };
  await runFfmpeg(
    [
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc2=s=1920x1080:r=30:d=${HOOK_BENCH_SECONDS + 2}`,
      "-f",
      "lavfi",
      "-i",
      `sine=f=440:d=${HOOK_BENCH_SECONDS + 2}`,
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "upload.mp4",
    ],
    run,
  );
  writeFileSync(join(dir, "song.wav"), wav);
  const words = Array.from({ length: HOOK_BENCH_SECONDS * 2 }, (_, i) => ({
    word: `word${i}`,
    start_s: 10 + i / 2,
    end_s: 10 + i / 2 + 0.4,
  }));
  const cpuBefore = childCpuSeconds();
  const renderStart = performance.now();
  const hook = await renderHook(
    dir,
    {
      videoFile: "upload.mp4",
      audioFile: "song.wav",
      video: { startS: 1, endS: 1 + HOOK_BENCH_SECONDS, volume: 0 },
      song: { startS: 10, endS: 10 + HOOK_BENCH_SECONDS, volume: 100 },
      words,
    },
    new AbortController().signal,
  );
  const renderS = (performance.now() - renderStart) / 1000;
  const moderationStart = performance.now();
  await measureHook("hook.mp4", hook.durationS, run);
  const moderationS = (performance.now() - moderationStart) / 1000;
  return { renderS, moderationS, cpuS: childCpuSeconds() - cpuBefore };
}
