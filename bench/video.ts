// npm run bench video: song videos (1280x720, 30 fps, H.264 + AAC) of a 3-minute song:
// - song_video_3min_s: POST /api/video/generate/{id}/ to a complete status, on a server in this
//   process (embedded database, local disk) over HTTP: queue, copies out of storage, both ffmpeg
//   runs, the probe and the store (target 60 s on the 2-core machine);
// - render_with_lyrics_3min_s: the render alone with a word sung every half second as captions;
// - a 30-second hook's render and moderation (bench/video-hook.ts; target 15 s).
// Each with ffmpeg's CPU seconds beside the wall time: the load stretches the one, not the other.
// --quick: a 30-second song.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { buildApp } from "../src/server/app.ts";
import { createSession } from "../src/server/auth/sessions.ts";
import { createClip } from "../src/server/clips/clip-store.ts";
import { clipMediaKey } from "../src/server/clips/media-urls.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { LocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import { runFfmpeg } from "../src/server/video/run-ffmpeg.ts";
import { renderSongVideo } from "../src/server/video/song-video-render.ts";
import type { SongVideo } from "../src/shared/api/video.ts";
import { encodeWav } from "../src/shared/audio/wav.ts";
import { type BenchArea, formatTable } from "./area.ts";
import { childCpuSeconds } from "./video-cpu.ts";
import { benchHook, HOOK_BENCH_SECONDS } from "./video-hook.ts";

const RATE = 44_100;

/** A song-like signal: a chord that swells and a beat, so the waveform moves. */
function songAudio(seconds: number): Float32Array[] {
  const frames = seconds * RATE;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    const t = i / RATE;
    const beat = Math.exp(-((t * 2) % 1) * 8);
    const chord =
      Math.sin(2 * Math.PI * 220 * t) + Math.sin(2 * Math.PI * 277 * t) + Math.sin(2 * Math.PI * 330 * t);
    left[i] = 0.2 * chord * (0.5 + 0.5 * Math.sin(t / 3)) + 0.3 * beat * Math.sin(2 * Math.PI * 60 * t);
    right[i] = left[i] * 0.9;
  }
  return [left, right];
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`video bench: timed out waiting for ${what}`);
}

export const videoBench: BenchArea = {
  async run({ quick }) {
    const seconds = quick ? 30 : 180;
    const dir = mkdtempSync(join(tmpdir(), "tunesmith-bench-video-"));
    const database = await openDatabase({ dataDir: "memory://" });
    const storage = new LocalDiskStorage(join(dir, "files"));
    const app = await buildApp({ database, storage });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const wav = Buffer.from(encodeWav({ sampleRate: RATE, channels: songAudio(seconds) }, "pcm16"));
      await runFfmpeg(["-y", "-f", "lavfi", "-i", "testsrc=s=1024x1024", "-frames:v", "1", "cover.jpg"], {
        cwd: dir,
        timeoutMs: 60_000,
      });
      const user = await database.db
        .insertInto("users")
        .values({
          email: "bench@example.com",
          handle: "bench",
          display_name: "Bench",
          password_hash: "x",
          plan_key: "pro",
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const token = await createSession(database.db, user.id);
      const id = randomUUID();
      const audioKey = clipMediaKey(id, "audio", "wav");
      const imageKey = clipMediaKey(id, "image", "jpg");
      await storage.put(audioKey, Readable.from([wav]), { contentType: "audio/wav" });
      await storage.put(imageKey, Readable.from([readFileSync(join(dir, "cover.jpg"))]), {
        contentType: "image/jpeg",
      });
      await createClip(database.db, { id, userId: user.id, title: "Bench Song", audioKey, imageKey });

      const cpuBefore = childCpuSeconds();
      const started = performance.now();
      const headers = { authorization: `Bearer ${token}` };
      const asked = await fetch(`${base}/api/video/generate/${id}/`, { method: "POST", headers });
      if (!asked.ok) throw new Error(`video bench: the request failed: ${await asked.text()}`);
      await until("the video", 15 * 60_000, async () => {
        const status = (await (
          await fetch(`${base}/api/video/generate/${id}/status/`, { headers })
        ).json()) as SongVideo;
        if (status.status === "error") throw new Error(`video bench: ${status.error_message}`);
        return status.status === "complete" ? status : undefined;
      });
      const requestToComplete = (performance.now() - started) / 1000;
      const requestCpu = childCpuSeconds() - cpuBefore;

      const renderDir = mkdtempSync(join(tmpdir(), "tunesmith-bench-render-"));
      writeFileSync(join(renderDir, "audio.wav"), wav);
      writeFileSync(join(renderDir, "cover.jpg"), readFileSync(join(dir, "cover.jpg")));
      const words = Array.from({ length: seconds * 2 }, (_, i) => ({
        word: `word${i}`,
        start_s: i / 2,
        end_s: i / 2 + 0.4,
      }));
      const renderCpuBefore = childCpuSeconds();
      const renderStart = performance.now();
      await renderSongVideo(
        renderDir,
        { audioFile: "audio.wav", coverFile: "cover.jpg", title: "Bench Song", handle: "bench", words },
        new AbortController().signal,
      );
      const render = (performance.now() - renderStart) / 1000;
      const renderCpu = childCpuSeconds() - renderCpuBefore;
      rmSync(renderDir, { recursive: true, force: true });
      const hookDir = mkdtempSync(join(tmpdir(), "tunesmith-bench-hook-"));
      const hook = await benchHook(hookDir, wav).finally(() =>
        rmSync(hookDir, { recursive: true, force: true }),
      );

      // ffmpeg runs niced: on a shared machine its wall time follows the load.
      const load = loadavg()[0].toFixed(1);
      const label = `${seconds} s`;
      return {
        table: formatTable(
          ["measure", "length", "seconds", "ffmpeg cpu s", "target", "load avg"],
          [
            [
              "request to complete",
              label,
              requestToComplete.toFixed(1),
              requestCpu.toFixed(1),
              quick ? "-" : "60",
              load,
            ],
            ["render with lyrics", label, render.toFixed(1), renderCpu.toFixed(1), "-", load],
            [
              "hook render + moderation",
              `${HOOK_BENCH_SECONDS} s`,
              (hook.renderS + hook.moderationS).toFixed(1),
              hook.cpuS.toFixed(1),
              "15",
              load,
            ],
          ],
        ),
        json: {
          song_seconds: seconds,
          song_video_request_to_complete_s: requestToComplete,
          song_video_ffmpeg_cpu_s: requestCpu,
          render_with_lyrics_s: render,
          render_with_lyrics_ffmpeg_cpu_s: renderCpu,
          hook_seconds: HOOK_BENCH_SECONDS,
          hook_render_s: hook.renderS,
          hook_moderation_s: hook.moderationS,
          hook_ffmpeg_cpu_s: hook.cpuS,
          load_average_1min: Number(load),
        },
      };
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
