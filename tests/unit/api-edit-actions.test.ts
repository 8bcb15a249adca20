// Edit mode's crop, fade-out and speed through the API, on both databases, with the real
// generator's task code on real audio: the results are decoded and measured against the source
// (a known sine), and the source is never changed.
import { describe, expect, it } from "vitest";
import { BuiltInGenerator } from "../../src/generator/built-in-generator.ts";
import { claimBeatJob, readBeatJob } from "../../src/server/beats/beat-job-store.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import { editActionStatusSchema } from "../../src/shared/api/edit.ts";
import type { WorkspaceSummary } from "../../src/shared/api/workspaces.ts";
import { fadeGain } from "../../src/shared/audio/fade-curve.ts";
import { beatsResultSchema } from "../../src/shared/beats/beats-result.ts";
import { drumPattern } from "../beat-audio.ts";
import { newClipWithAudio, startApiServerWithUsers } from "../clip-fixtures.ts";
import {
  audioBytes,
  decoded,
  largestDifference,
  newSong,
  RATE,
  runEdit,
  SONG_SECONDS,
  TONE_HZ,
} from "../edit-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { sineAmplitude, toneFrequency } from "../sine.ts";

const cents = (f: number, reference: number) => 1200 * Math.log2(f / reference);
const EDIT_TIMEOUT = { timeout: 300_000 };

describe.each(BACKENDS)("edit actions on real audio on %s", (backend) => {
  const {
    server,
    db,
    users: { owner },
  } = startApiServerWithUsers(
    backend,
    { owner: { plan: "pro" } },
    { generator: () => new BuiltInGenerator({ threads: 1 }) },
  );
  const parts = () => ({ db: db(), storage: server.storage() });
  const resultAudio = async (clip: Clip | null) =>
    decoded(await audioBytes(server.url(), owner, clip?.audio_url ?? null));

  it(
    "crops to exactly the samples asked for; the new song joins the library and the source's workspace",
    EDIT_TIMEOUT,
    async () => {
      const workspace = await owner.client.post<WorkspaceSummary>("/api/project", { name: "Edits" });
      const song = await newSong(parts(), owner, { projectId: workspace.body.id });
      const done = await runEdit(owner.client, `/api/edit/crop/${song.id}/`, {
        crop_start_s: 1.25,
        crop_end_s: 3.75,
        edit_session_id: "session-crop-1",
      });
      expect(editActionStatusSchema.parse(done).status, done.error_message ?? "").toBe("complete");
      const clip = done.clip;
      expect(clip?.metadata).toMatchObject({ type: "edit_crop", edited_clip_id: song.id });
      expect(clip?.project?.id).toBe(workspace.body.id);
      expect(clip?.metadata.duration).toBeCloseTo(2.5, 3);

      const audio = await resultAudio(clip);
      expect(audio.sampleRate).toBe(RATE);
      expect(Math.abs(audio.channels[0].length - 2.5 * RATE)).toBeLessThanOrEqual(1);
      // Away from the declicked edges every sample is the source's, from 1.25 s on.
      const source = decoded(song.wav).channels[0];
      const from = 1.25 * RATE;
      const edge = RATE / 10;
      const kept = audio.channels[0];
      expect(largestDifference(kept, source, edge, kept.length - edge, from)).toBe(0);

      const library = await owner.client.get<{ clips: Clip[] }>("/api/feed/v2");
      expect(library.body.clips.map((c) => c.id)).toContain(clip?.id);
      // The original song's stored audio is the same bytes.
      const original = await owner.client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${song.id}`);
      expect((await audioBytes(server.url(), owner, original.body.clips[0].audio_url)).equals(song.wav)).toBe(
        true,
      );
    },
  );

  it(
    "carries the source's analysed beats into the edited song, moved with its audio",
    EDIT_TIMEOUT,
    async () => {
      const song = await newSong(parts(), owner);
      const { audio_key } = await db()
        .selectFrom("clips")
        .select("audio_key")
        .where("id", "=", song.id)
        .executeTakeFirstOrThrow();
      // Beats every 0.4 s (150 bpm), as an analysis of the source left them.
      const times = Array.from({ length: 12 }, (_, i) => Math.round(i * 0.4 * 1000) / 1000);
      await claimBeatJob(db(), song.id, audio_key ?? "", {
        state: "complete",
        source: "supplied",
        result: {
          bpm: 150,
          beats: times,
          downbeats: times.map((t, i): [number, number] => [t, (i % 4) + 1]),
          tempo_candidates: [{ bpm: 150, confidence: 1 }],
          seconds_analysed: SONG_SECONDS,
        },
      });
      const done = await runEdit(owner.client, `/api/edit/crop/${song.id}/`, {
        crop_start_s: 1,
        crop_end_s: 2,
        is_crop_remove: true,
      });
      expect(done.status, done.error_message ?? "").toBe("complete");
      const carried = await readBeatJob(db(), done.clip?.id ?? "");
      expect(carried?.state).toBe("complete");
      const { downbeats, bpm } = beatsResultSchema.parse(carried?.result);
      expect(bpm).toBe(150);
      // Beats before 1 s stay; those from 2 s on come 1 s sooner; none from the removed second.
      const expected = times
        .map((t, i): [number, number] => [t, (i % 4) + 1])
        .filter(([t]) => t < 1 || (t >= 2 && t - 1 < SONG_SECONDS - 1))
        .map(([t, n]): [number, number] => [t < 1 ? t : Math.round((t - 1) * 1000) / 1000, n]);
      expect(downbeats.map(([t, n]) => [Math.round(t * 1000) / 1000, n])).toEqual(expected);
    },
  );

  it(
    "leaves the edit of a song never analysed unanalysed too: its beats are found when asked for",
    EDIT_TIMEOUT,
    async () => {
      // Drums with clear beats, which an analysis would find and store.
      const { row } = await newClipWithAudio(
        db(),
        server.storage(),
        { userId: owner.id, title: "Drums", metadata: { type: "gen", duration: SONG_SECONDS } },
        drumPattern(RATE, 120, SONG_SECONDS),
      );
      const done = await runEdit(owner.client, `/api/edit/fade/${row.id}/`, { fade_out_time: 1 });
      expect(done.status, done.error_message ?? "").toBe("complete");
      expect(await readBeatJob(db(), row.id)).toBeUndefined();
      expect(await readBeatJob(db(), done.clip?.id ?? "")).toBeUndefined();
    },
  );

  it("removes a range with a fade-out at the new end", EDIT_TIMEOUT, async () => {
    const song = await newSong(parts(), owner);
    const done = await runEdit(owner.client, `/api/edit/crop/${song.id}`, {
      crop_start_s: 2,
      crop_end_s: 3,
      is_crop_remove: true,
      fade_out_time: 1,
    });
    expect(done.status, done.error_message ?? "").toBe("complete");
    const audio = (await resultAudio(done.clip)).channels[0];
    expect(Math.abs(audio.length - (SONG_SECONDS - 1) * RATE)).toBeLessThanOrEqual(1);
    const level = (at: number) => sineAmplitude(audio.subarray(at - 480, at + 480), TONE_HZ, RATE);
    expect(level(RATE)).toBeCloseTo(0.5, 2);
    // The join at 2 s keeps the level; the last second fades out to silence.
    expect(level(2 * RATE)).toBeCloseTo(0.5, 1);
    expect(level(audio.length - RATE / 2)).toBeCloseTo(0.5 * fadeGain(0.5), 2);
    expect(level(audio.length - 480)).toBeLessThan(0.01);
  });

  it("fades the song's end out along the 2-exponent curve and keeps the rest", EDIT_TIMEOUT, async () => {
    const song = await newSong(parts(), owner);
    const done = await runEdit(owner.client, `/api/edit/fade/${song.id}/`, { fade_out_time: 2 });
    expect(done.status, done.error_message ?? "").toBe("complete");
    expect(done.clip?.metadata.type).toBe("edit_fade");
    const audio = (await resultAudio(done.clip)).channels[0];
    expect(audio.length).toBe(SONG_SECONDS * RATE);
    const level = (at: number) => sineAmplitude(audio.subarray(at - 240, at + 240), TONE_HZ, RATE);
    const fadeStart = (SONG_SECONDS - 2) * RATE;
    expect(level(fadeStart - RATE)).toBeCloseTo(0.5, 3);
    for (const x of [0.25, 0.5, 0.75])
      expect(level(fadeStart + x * 2 * RATE)).toBeCloseTo(0.5 * fadeGain(1 - x), 2);
  });

  it("slows the tempo and keeps the pitch (tempo only), or moves both (resample)", EDIT_TIMEOUT, async () => {
    const song = await newSong(parts(), owner);
    const tempoOnly = await runEdit(owner.client, `/api/edit/speed/${song.id}/`, {
      speed_factor: 0.9,
      tempo_only: true,
    });
    expect(tempoOnly.status, tempoOnly.error_message ?? "").toBe("complete");
    const stretched = (await resultAudio(tempoOnly.clip)).channels[0];
    const seconds = stretched.length / RATE;
    expect(seconds).toBeCloseTo(SONG_SECONDS / 0.9, 1);
    expect(
      Math.abs(cents(toneFrequency(stretched, 0.2 * seconds, 0.8 * seconds, RATE), TONE_HZ)),
    ).toBeLessThan(5);

    const tape = await runEdit(owner.client, `/api/edit/speed/${song.id}/`, {
      speed_factor: 0.9,
      tempo_only: false,
    });
    expect(tape.status, tape.error_message ?? "").toBe("complete");
    const resampled = (await resultAudio(tape.clip)).channels[0];
    const tapeSeconds = resampled.length / RATE;
    expect(toneFrequency(resampled, 0.2 * tapeSeconds, 0.8 * tapeSeconds, RATE)).toBeCloseTo(
      TONE_HZ * 0.9,
      0,
    );
  });

  it("changes the speed of a range only, the rest kept", EDIT_TIMEOUT, async () => {
    const song = await newSong(parts(), owner);
    const done = await runEdit(owner.client, `/api/edit/speed/${song.id}/`, {
      speed_factor: 2,
      change_speed_start_time: 2,
      change_speed_end_time: 4,
    });
    expect(done.status, done.error_message ?? "").toBe("complete");
    const audio = (await resultAudio(done.clip)).channels[0];
    // Two seconds played twice as fast take one: the song is a second shorter.
    expect(Math.abs(audio.length - (SONG_SECONDS - 1) * RATE)).toBeLessThanOrEqual(2);
    const source = decoded(song.wav).channels[0];
    expect(largestDifference(audio, source, 0, RATE)).toBe(0);
    // The last second is the source's last second.
    const shift = SONG_SECONDS * RATE - audio.length;
    expect(largestDifference(audio, source, audio.length - RATE, audio.length, shift)).toBe(0);
    expect(Math.abs(cents(toneFrequency(audio, 2.2, 2.8, RATE), TONE_HZ))).toBeLessThan(5);
  });
});
