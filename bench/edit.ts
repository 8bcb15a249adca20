// Edit mode's actions from request to complete clip, through the real API server (embedded
// database, the built-in generator's task code on one worker thread): crop, fade-out and a
// tempo-only x0.9 of a 3-minute song. Target 2 s each.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BuiltInGenerator } from "../src/generator/built-in-generator.ts";
import { buildApp } from "../src/server/app.ts";
import { createSession } from "../src/server/auth/sessions.ts";
import { openDatabase } from "../src/server/db/database.ts";
import { LocalDiskStorage } from "../src/server/storage/local-disk-storage.ts";
import { editActionResponseSchema, editActionStatusSchema } from "../src/shared/api/edit.ts";
import { newClipWithAudio } from "../tests/clip-fixtures.ts";
import { whiteNoise } from "../tests/noise.ts";
import { sine } from "../tests/sine.ts";
import { type BenchArea, formatTable, median } from "./area.ts";

const RATE = 48_000;
const SONG_SECONDS = 180;
const TARGET_SECONDS = 2;

/** Three minutes of a chord over quiet noise, stereo: material the stretcher has to work on. */
function songAudio() {
  const frames = SONG_SECONDS * RATE;
  const noise = whiteNoise(frames, 7);
  const chord = [220, 277.18, 329.63].map((hz) => sine(frames, hz, RATE, 0.2));
  const left = new Float32Array(frames);
  for (let n = 0; n < frames; n++) left[n] = chord[0][n] + chord[1][n] + chord[2][n] + 0.05 * noise[n];
  return { sampleRate: RATE, channels: [left, left.map((x, n) => 0.9 * x + 0.02 * noise[frames - 1 - n])] };
}

const ACTIONS = [
  { name: "crop 30..150 s", path: "crop", body: { crop_start_s: 30, crop_end_s: 150 } },
  { name: "fade-out 5 s", path: "fade", body: { fade_out_time: 5 } },
  { name: "speed x0.9 tempo only", path: "speed", body: { speed_factor: 0.9, tempo_only: true } },
] as const;

export const editBench: BenchArea = {
  async run({ quick }) {
    const repeats = quick ? 1 : 3;
    const dataDir = mkdtempSync(join(tmpdir(), "tunesmith-edit-bench-"));
    const database = await openDatabase({ dataDir: "memory://" });
    const storage = new LocalDiskStorage(join(dataDir, "files"));
    const app = await buildApp({ database, storage, generator: new BuiltInGenerator({ threads: 1 }) });
    try {
      const baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
      const user = await database.db
        .insertInto("users")
        .values({
          email: "edit-bench@example.com",
          handle: "edit_bench",
          display_name: "Bench",
          password_hash: "x",
          plan_key: "pro",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const headers = {
        authorization: `Bearer ${await createSession(database.db, user.id)}`,
        "content-type": "application/json",
      };
      const { row } = await newClipWithAudio(
        database.db,
        storage,
        { userId: user.id, title: "Bench Song", metadata: { type: "gen", duration: SONG_SECONDS } },
        songAudio(),
      );
      const rows: string[][] = [];
      const json: Record<string, number> = {};
      for (const action of ACTIONS) {
        const times: number[] = [];
        for (let i = 0; i < repeats; i++) {
          const start = performance.now();
          const started = await fetch(`${baseUrl}/api/edit/${action.path}/${row.id}/`, {
            method: "POST",
            headers,
            body: JSON.stringify(action.body),
          });
          const { action_clip_id } = editActionResponseSchema.parse(await started.json());
          for (;;) {
            const polled = await fetch(`${baseUrl}/api/edit/action/${action_clip_id}/`, { headers });
            const status = editActionStatusSchema.parse(await polled.json());
            if (status.status === "error") throw new Error(`${action.name} failed: ${status.error_message}`);
            if (status.status === "complete") break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          times.push((performance.now() - start) / 1000);
        }
        const seconds = median(times);
        json[`${action.path}_s`] = seconds;
        rows.push([
          action.name,
          seconds.toFixed(2),
          TARGET_SECONDS.toFixed(1),
          seconds <= TARGET_SECONDS ? "yes" : "NO",
        ]);
      }
      return {
        table: formatTable(["action (3-minute song)", "request to complete s", "target s", "met"], rows),
        json: { ...json, target_s: TARGET_SECONDS, repeats },
      };
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
