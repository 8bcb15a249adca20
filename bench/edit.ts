// npm run bench edit: edit mode's work on 3-minute songs, through the real API server (embedded
// database, the built-in generator's task code on one worker thread):
// - crop, fade-out and a tempo-only x0.9, each from the request to the complete clip (target 2 s),
//   with the process's CPU time meanwhile (server and generator thread: what a free core would take),
//   on a generated song (its beats known, as every generated song's are) and on an upload never
//   analysed (a chord over quiet noise: material the stretcher has to work on);
// - then the separation area: Get Stems of a generated song (target 5 s), our separation of an
//   upload on one core (target 1x real time) and its SDR per stem.
import { editActionResponseSchema, editActionStatusSchema } from "../src/shared/api/edit.ts";
import { newClipWithAudio } from "../tests/clip-fixtures.ts";
import { whiteNoise } from "../tests/noise.ts";
import { sine } from "../tests/sine.ts";
import { type BenchArea, formatTable, median } from "./area.ts";
import { startBenchApiServer, until } from "./bench-api-server.ts";
import { separationBench } from "./separation.ts";

const RATE = 48_000;
const SONG_SECONDS = 180;
const TARGET_SECONDS = 2;
/** The action's status is asked for this often: finer would load the server the bench measures. */
const POLL_MS = 100;

/** Three minutes of a chord over quiet noise, stereo. */
function uploadAudio() {
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
    const server = await startBenchApiServer();
    const rows: string[][] = [];
    const json: Record<string, unknown> = {};
    try {
      const generated = await server.generate(
        "synth pop, 118 bpm, female vocals",
        "[Verse]\nNeon lights along the avenue\n[Chorus]\nTurn it up tonight",
        SONG_SECONDS,
      );
      const { row: upload } = await newClipWithAudio(
        server.database.db,
        server.storage,
        {
          userId: server.userId,
          title: "Bench upload",
          metadata: { type: "upload", duration: SONG_SECONDS },
        },
        uploadAudio(),
      );
      const sources = [
        { name: "generated", id: generated.id },
        { name: "upload", id: upload.id },
      ];
      for (const source of sources) {
        for (const action of ACTIONS) {
          const times: number[] = [];
          const cpuTimes: number[] = [];
          for (let i = 0; i < repeats; i++) {
            const start = performance.now();
            const cpu = process.cpuUsage();
            const { action_clip_id } = editActionResponseSchema.parse(
              await server.call(`/api/edit/${action.path}/${source.id}/`, action.body),
            );
            await until(
              action.name,
              600_000,
              async () => {
                const status = editActionStatusSchema.parse(
                  await server.call(`/api/edit/action/${action_clip_id}/`),
                );
                if (status.status === "error")
                  throw new Error(`${action.name} failed: ${status.error_message}`);
                return status.status === "complete" ? status : undefined;
              },
              POLL_MS,
            );
            times.push((performance.now() - start) / 1000);
            const used = process.cpuUsage(cpu);
            cpuTimes.push((used.user + used.system) / 1e6);
          }
          const seconds = median(times);
          const cpuSeconds = median(cpuTimes);
          json[`${source.name}_${action.path}_s`] = seconds;
          json[`${source.name}_${action.path}_cpu_s`] = cpuSeconds;
          rows.push([
            `${action.name} (${source.name})`,
            seconds.toFixed(2),
            cpuSeconds.toFixed(2),
            TARGET_SECONDS.toFixed(1),
            seconds <= TARGET_SECONDS ? "yes" : "NO",
          ]);
        }
      }
    } finally {
      await server.close();
    }
    const separation = await separationBench.run({ quick });
    return {
      table: [
        formatTable(["action (3-minute song)", "request to complete s", "CPU s", "target s", "met"], rows),
        "",
        separation.table,
      ].join("\n"),
      json: { ...json, target_s: TARGET_SECONDS, repeats, separation: separation.json },
    };
  },
};
