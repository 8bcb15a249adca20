// The built-in generator's speed: a 3-minute song with vocals (5 stems, the mastered mix and MIDI)
// made with one worker thread, and the time from the request to its first streamed audio.
import { BuiltInGenerator } from "../src/generator/built-in-generator.ts";
import { measureLoudness } from "../src/generator/render/loudness.ts";
import type { SongRequest } from "../src/generator/song-request.ts";
import { generatorDsp } from "../src/generator/workers/generator-dsp.ts";
import { songRequest } from "../tests/generator-requests.ts";
import { type BenchArea, formatTable, median } from "./area.ts";

const VERSE =
  "Walking down the empty avenue\nEvery streetlight humming something new\nI keep the rhythm of the city in my shoes\nAnd every corner sings the blues";
const CHORUS =
  "Turn it up, turn it up tonight\nWe are running with the neon light\nHold on, hold on, we will be alright\nTurn it up, turn it up tonight";
const LYRICS = [
  `[Verse]\n${VERSE}`,
  `[Chorus]\n${CHORUS}`,
  `[Verse 2]\n${VERSE}`,
  `[Chorus]\n${CHORUS}`,
  "[Bridge]\nSlow it down and let the quiet in\nFeel the night beneath the skin",
  `[Chorus]\n${CHORUS}`,
].join("\n\n");

function request(seed: number, seconds: number): SongRequest {
  return songRequest({
    seed,
    title: "Neon Avenue",
    tags: "synth pop, 118 bpm, female vocals",
    lyrics: LYRICS,
    instrumental: false,
    durationSeconds: seconds,
    vocalGender: "f",
  });
}

interface Run {
  readonly totalSeconds: number;
  readonly firstAudioSeconds: number;
  /** CPU seconds of the whole process (every thread) during the run. */
  readonly cpuSeconds: number;
  readonly songSeconds: number;
  /** The streamed master's result (its gains decided before the song was whole): target -14 LUFS. */
  readonly integratedLufs: number;
  readonly truePeakDb: number;
}

async function time(generator: BuiltInGenerator, seed: number, seconds: number): Promise<Run> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  let firstAudio = Number.NaN;
  const song = await generator.generate(
    request(seed, seconds),
    () => {
      if (Number.isNaN(firstAudio)) firstAudio = performance.now() - start;
    },
    new AbortController().signal,
  );
  const totalSeconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  if (!song.midi || song.stems.length !== 5) throw new Error("The bench song lacks its MIDI or stems");
  const loudness = measureLoudness(generatorDsp(), song.mix);
  return {
    integratedLufs: loudness.integratedLufs,
    truePeakDb: loudness.truePeakDb,
    totalSeconds,
    firstAudioSeconds: firstAudio / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    songSeconds: song.durationSeconds,
  };
}

/** The song the target is about: 3 minutes, in quick mode as well (quick renders it once). */
const SONG_SECONDS = 180;

export const generatorBench: BenchArea = {
  async run({ quick }) {
    const repeats = quick ? 1 : 3;
    // One worker thread: the song's CPU work is serial, as on a single core (the vocals' eSpeak
    // thread and the main thread's mastering run between the worker's jobs, not beside them).
    const generator = new BuiltInGenerator({ threads: 1 });
    try {
      // A warm-up song: threads, wasm and eSpeak load once per server, not per request.
      await time(generator, 1, 20);
      const runs: Run[] = [];
      for (let i = 0; i < repeats; i++) runs.push(await time(generator, 100 + i, SONG_SECONDS));
      const total = median(runs.map((r) => r.totalSeconds));
      const first = median(runs.map((r) => r.firstAudioSeconds));
      const cpu = median(runs.map((r) => r.cpuSeconds));
      const songSeconds = runs[0].songSeconds;
      if (Math.abs(songSeconds - SONG_SECONDS) > 10) {
        throw new Error(`The bench song is ${songSeconds.toFixed(1)} s long, not about ${SONG_SECONDS} s`);
      }
      const table = formatTable(
        ["measure", "seconds", "target"],
        [
          ["song_3min_render_s (wall, 1 worker)", total.toFixed(2), "6"],
          ["process CPU during it (all threads)", cpu.toFixed(2), ""],
          ["first_audio_s", first.toFixed(2), "2"],
          ["song length", songSeconds.toFixed(1), ""],
          ["mix LUFS (integrated)", median(runs.map((r) => r.integratedLufs)).toFixed(2), "-14"],
          ["mix true peak dBTP (highest)", Math.max(...runs.map((r) => r.truePeakDb)).toFixed(2), "-1"],
        ],
      );
      return {
        table,
        json: {
          song_3min_render_s: total,
          song_cpu_s: cpu,
          first_audio_s: first,
          song_seconds: songSeconds,
          integrated_lufs: runs.map((r) => r.integratedLufs),
          true_peak_dbtp: runs.map((r) => r.truePeakDb),
          runs: runs.length,
          worker_threads: 1,
        },
      };
    } finally {
      await generator.close();
    }
  },
};
