// npm run bench separation: stems of any song, on a server in this process (embedded database,
// local disk, the built-in generator with one worker thread), over HTTP:
// - stems_generated_3min_s: POST /api/edit/stems of a generated 3-minute song to its complete stem
//   clips (the generator's own parts, typed; target 5 s);
// - separation_3min_realtime: our separation of a 3-minute song in this thread (one core), as a
//   fraction of the song's length (target 1, real time), wall and CPU time (on a loaded machine the
//   CPU time is what a free core would take), and upload_stems_3min_s: the same song as an
//   upload, from POST /api/edit/stems to four complete stem clips (queue, thread, decode, storage);
// - SDR per stem (plain SDR, dB) of our separation of each generated song's premaster mix (the sum
//   of its parts) against its parts: vocals, drums, bass, and other = chords + lead.
import { randomUUID } from "node:crypto";
import { decodeAudio, readStored } from "../src/server/clips/clip-audio.ts";
import { createClip } from "../src/server/clips/clip-store.ts";
import { newServerDsp } from "../src/server/clips/server-dsp.ts";
import { storedStemsSchema } from "../src/server/generation/song-outputs.ts";
import { sdrDb } from "../src/server/separation/sdr.ts";
import { separateAudio } from "../src/server/separation/separate-audio.ts";
import type { Clip } from "../src/shared/api/clips.ts";
import type { PlanarAudio } from "../src/shared/audio/wav.ts";
import { type BenchArea, formatTable, median } from "./area.ts";
import { startBenchApiServer } from "./bench-api-server.ts";

const SONGS = [
  {
    tags: "synth pop, 118 bpm, female vocals",
    lyrics: "[Verse]\nNeon lights along the avenue\n[Chorus]\nTurn it up tonight",
  },
  {
    tags: "rock, 96 bpm, male vocals",
    lyrics: "[Verse]\nDust on the highway, thunder in the sky\n[Chorus]\nWe ride",
  },
  {
    tags: "lofi hip hop, 84 bpm, female vocals",
    lyrics: "[Verse]\nRain on the window, coffee gone cold\n[Chorus]\nSlow",
  },
];
const SONG_SECONDS = 180;

const sum = (parts: readonly PlanarAudio[]): PlanarAudio => {
  const channels = parts[0].channels.map((channel) => new Float32Array(channel.length));
  for (const part of parts) {
    part.channels.forEach((channel, c) => {
      for (let i = 0; i < channel.length; i++) channels[c][i] += channel[i];
    });
  }
  return { sampleRate: parts[0].sampleRate, channels };
};

export const separationBench: BenchArea = {
  async run({ quick }) {
    const server = await startBenchApiServer();
    const { database, storage, call, settled } = server;
    try {
      const rows: string[][] = [];
      const sdrs: Record<string, number>[] = [];
      let stemsGenerated = Number.NaN;
      let stemCount = 0;
      let separationSeconds = Number.NaN;
      // The process's CPU time while only the separation ran: what it costs on one free core.
      let separationCpu = Number.NaN;
      let uploadStems = Number.NaN;
      for (const [index, song] of (quick ? SONGS.slice(0, 1) : SONGS).entries()) {
        const clip = await server.generate(song.tags, song.lyrics, SONG_SECONDS);
        if (index === 0) {
          const start = performance.now();
          const stems = await call<{ clips: Clip[] }>(`/api/edit/stems/${clip.id}/`, {});
          await settled(
            stems.clips.map((stem) => stem.id),
            "the generated song's stems",
          );
          stemsGenerated = (performance.now() - start) / 1000;
          stemCount = stems.clips.length;
        }
        const row = await database.db
          .selectFrom("generated_clips")
          .select("stems")
          .where("clip_id", "=", clip.id)
          .executeTakeFirstOrThrow();
        const parts = new Map<string, PlanarAudio>();
        for (const stem of storedStemsSchema.parse(row.stems)) {
          parts.set(stem.name, await decodeAudio(await readStored(storage, stem.key)));
        }
        const mix = sum([...parts.values()]);
        const start = performance.now();
        const cpu = process.cpuUsage();
        const separated = new Map(separateAudio(newServerDsp(), mix).map((stem) => [stem.name, stem.audio]));
        const used = process.cpuUsage(cpu);
        const seconds = (performance.now() - start) / 1000;
        const songSeconds = mix.channels[0].length / mix.sampleRate;
        if (index === 0) {
          separationSeconds = seconds / songSeconds;
          separationCpu = (used.user + used.system) / 1e6 / songSeconds;
        }
        const references: Record<string, PlanarAudio | undefined> = {
          vocals: parts.get("vocals"),
          drums: parts.get("drums"),
          bass: parts.get("bass"),
          other: sum([parts.get("chords"), parts.get("lead")].filter((part) => part !== undefined)),
        };
        const measured: Record<string, number> = {};
        for (const [name, reference] of Object.entries(references)) {
          const estimate = separated.get(name as "vocals");
          if (reference && estimate) measured[name] = sdrDb(reference, estimate);
        }
        sdrs.push(measured);
        rows.push([
          `song ${index + 1} (${song.tags.split(",")[0]}, ${songSeconds.toFixed(0)} s)`,
          ...["vocals", "drums", "bass", "other"].map((name) => (measured[name] ?? Number.NaN).toFixed(2)),
        ]);

        if (index === 0) {
          // The same song as an upload: its mastered mix, as a clip without generator parts.
          const id = randomUUID();
          const audioKey = `bench/${id}.wav`;
          const { audio_key } = await database.db
            .selectFrom("clips")
            .select("audio_key")
            .where("id", "=", clip.id)
            .executeTakeFirstOrThrow();
          await storage.put(audioKey, await storage.read(audio_key ?? ""), { contentType: "audio/wav" });
          await createClip(database.db, {
            id,
            userId: server.userId,
            title: "Bench upload",
            audioKey,
            metadata: { type: "upload", duration: songSeconds },
          });
          const start = performance.now();
          const stems = await call<{ clips: Clip[] }>(`/api/edit/stems/${id}/`, {});
          await settled(
            stems.clips.map((stem) => stem.id),
            "the upload's stems",
          );
          uploadStems = (performance.now() - start) / 1000;
        }
      }
      const mean = (name: string) => median(sdrs.map((s) => s[name]).filter((v) => Number.isFinite(v)));
      const table = [
        formatTable(
          ["measure", "value", "target"],
          [
            [`stems_generated_3min_s (${stemCount} stems)`, stemsGenerated.toFixed(2), "5"],
            ["separation_3min_realtime (one core, wall)", separationSeconds.toFixed(3), "1"],
            ["separation_3min_cpu_realtime (CPU time)", separationCpu.toFixed(3), "1"],
            ["upload_stems_3min_s (request to 4 complete clips)", uploadStems.toFixed(2), "180"],
          ],
        ),
        "",
        formatTable(
          ["SDR dB", "vocals", "drums", "bass", "other"],
          [...rows, ["median", ...["vocals", "drums", "bass", "other"].map((name) => mean(name).toFixed(2))]],
        ),
      ].join("\n");
      return {
        table,
        json: {
          stems_generated_3min_s: stemsGenerated,
          stems_generated_count: stemCount,
          separation_3min_realtime: separationSeconds,
          separation_3min_cpu_realtime: separationCpu,
          upload_stems_3min_s: uploadStems,
          sdr_db: sdrs,
        },
      };
    } finally {
      await server.close();
    }
  },
};
