import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AceStepGenerator, aceRefusal, aceTaskType } from "../../src/server/generation/ace-step-adapter.ts";
import { CompositeGenerator } from "../../src/server/generation/composite-generator.ts";
import { aceStepWithAudioTasks } from "../../src/server/generation/generator-choice.ts";
import { STEMS_NEED_SCORE } from "../../src/server/generation/request-references.ts";
import type { BillingInfo } from "../../src/shared/api/billing.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { GenerateResponse } from "../../src/shared/api/generate.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { FAKE_ACE_DEFAULT_SECONDS, FAKE_ACE_MAX_SECONDS, FakeAceStep } from "../ace-step-fake.ts";
import { type ApiClient, startApiServer } from "../api-server.ts";
import { settledClips } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe("the ACE-Step generator's routing", () => {
  it("sends what the model does to the model server and what needs no model to the built-in task code", () => {
    const composite = new CompositeGenerator({
      model: new AceStepGenerator({ url: "http://127.0.0.1:9" }),
      local: () => {
        throw new Error("not made for routing");
      },
    });
    for (const task of [
      "create",
      "cover",
      "artist_cover",
      "extend",
      "upload_extend",
      "infill",
      "infill_outro",
    ] as const) {
      expect(aceTaskType(task)).not.toBeNull();
      expect(composite.routeOf(task)).toBe("model");
    }
    for (const task of ["speed", "upsample", "concat", "gen_stem", "stem_condition"] as const) {
      expect(aceTaskType(task)).toBeNull();
      expect(composite.routeOf(task)).toBe("local");
    }
    // Music the model server cannot make is refused up front, in words; model-free tasks never are.
    for (const task of ["underpainting", "overpainting", "playlist_condition", "sample_condition"] as const) {
      expect(aceTaskType(task)).toBeNull();
      expect(composite.routeOf(task)).toBe("model");
      expect(composite.refusal(task)).toBe(aceRefusal(task));
    }
    for (const task of ["create", "cover", "extend", "speed", "concat", "gen_stem"] as const)
      expect(composite.refusal(task)).toBeNull();
  });
});

describe.each(BACKENDS)("the ACE-Step adapter against a local fake of its protocol, on %s", (backend) => {
  const fake = new FakeAceStep();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  const server = startApiServer(backend, {
    generator: () => aceStepWithAudioTasks({ url: fake.url, apiKey: "secret-key", pollIntervalMs: 20 }),
  });

  /** A clip's audio as its owner downloads it. */
  async function audioOf(token: string, clip: Clip) {
    const response = await fetch(`${server.url()}${clip.audio_url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return decodeWav(await response.arrayBuffer());
  }

  /** A finished instrumental of FAKE_ACE_DEFAULT_SECONDS from the model server. */
  async function modelSong(client: ApiClient, tags = "folk"): Promise<Clip> {
    const made = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags,
      make_instrumental: true,
      batch_size: 1,
    });
    const [clip] = await settledClips(client, [made.body.clips[0].id]);
    expect(clip.status).toBe("complete");
    return clip;
  }

  it("releases a text2music task with the request's texts, seed, tempo, key and duration, and stores its audio at 48 kHz", async () => {
    const { client, token } = await server.signedUp();
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "synthwave, 118 bpm, in F# minor",
      negative_tags: "banjo",
      prompt: "[Verse]\nneon rain",
      duration: 150,
      batch_size: 1,
      transaction_uuid: "ace-1",
    });
    expect(response.status).toBe(200);
    const [clip] = await settledClips(client, [response.body.clips[0].id]);
    expect(clip.status).toBe("complete");
    const task = [...fake.tasks.values()].at(-1);
    expect(task?.authorization).toBe("Bearer secret-key");
    expect(task?.srcAudio).toBeNull();
    expect(task?.fields).toEqual({
      prompt: "synthwave, 118 bpm, in F# minor, no banjo",
      lyrics: "[Verse]\nneon rain",
      task_type: "text2music",
      use_random_seed: "false",
      seed: task?.fields.seed,
      batch_size: "1",
      audio_format: "wav",
      bpm: "118",
      key_scale: "F# Minor",
      audio_duration: "150",
    });
    expect(Number(task?.fields.seed)).toBeGreaterThanOrEqual(0);
    expect(clip.metadata).toMatchObject({ avg_bpm: 96, has_vocal: true });
    expect(clip.metadata.duration).toBeCloseTo(FAKE_ACE_MAX_SECONDS, 3);
    const wav = await audioOf(token, clip);
    expect(wav.sampleRate).toBe(48_000);
    expect(Math.abs(wav.channels[0].length - FAKE_ACE_MAX_SECONDS * 48_000)).toBeLessThanOrEqual(64);

    // Without a tempo, key or duration in the request, none is sent: the model picks them.
    await modelSong(client, "folk");
    const plain = [...fake.tasks.values()].at(-1)?.fields ?? {};
    expect(plain.task_type).toBe("text2music");
    expect(plain.lyrics).toBe("[Instrumental]");
    for (const field of ["bpm", "key_scale", "audio_duration"]) expect(plain).not.toHaveProperty(field);
  });

  it("sends the source song as src_audio for a cover, and refunds a task the model server fails", async () => {
    const { client, userId } = await server.signedUp();
    await server.database().db.updateTable("users").set({ credits: 100 }).where("id", "=", userId).execute();
    const base = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "folk",
      make_instrumental: true,
      batch_size: 1,
    });
    const [source] = await settledClips(client, [base.body.clips[0].id]);
    expect(source.status).toBe("complete");
    const cover = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "punk",
      prompt: "[Verse]\nfaster now",
      cover_clip_id: source.id,
      batch_size: 1,
    });
    expect(cover.status).toBe(200);
    expect(cover.body.metadata.task).toBe("cover");
    const [covered] = await settledClips(client, [cover.body.clips[0].id]);
    expect(covered.status).toBe("complete");
    const task = [...fake.tasks.values()].at(-1);
    expect(task?.fields).toMatchObject({ task_type: "cover", prompt: "punk", audio_cover_strength: "0.5" });
    for (const field of ["bpm", "key_scale", "audio_duration", "repainting_start", "repainting_end"]) {
      expect(task?.fields).not.toHaveProperty(field);
    }
    expect(task?.srcAudio?.subarray(0, 4).toString("latin1")).toBe("RIFF");
    const sent = decodeWav(new Uint8Array(task?.srcAudio ?? Buffer.alloc(0)).buffer);
    expect(sent.sampleRate).toBe(48_000);

    const before = (await client.get<BillingInfo>("/api/billing/info/")).body.total_credits_left;
    const broken = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "broken",
      make_instrumental: true,
      batch_size: 1,
    });
    const [failed] = await settledClips(client, [broken.body.clips[0].id]);
    expect(failed.status).toBe("error");
    expect(failed.metadata.refund_credits).toBe(true);
    expect((await client.get<BillingInfo>("/api/billing/info/")).body.total_credits_left).toBe(before);
  });

  it("repaints a replaced section and an extend, and joins the extend to its song with Get Full Song", async () => {
    const { client, token } = await server.signedUp({ plan: "pro", credits: 100 });
    const source = await modelSong(client, "jazz");
    const infill = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "jazz, 100 bpm, key of Bb",
      continue_clip_id: source.id,
      infill_start_s: 0.5,
      infill_end_s: 1.5,
      batch_size: 1,
    });
    expect(infill.status).toBe(200);
    expect(infill.body.metadata.task).toBe("infill");
    const [replaced] = await settledClips(client, [infill.body.clips[0].id]);
    expect(replaced.status).toBe("complete");
    const infillTask = [...fake.tasks.values()].at(-1);
    expect(infillTask?.fields).toMatchObject({
      task_type: "repaint",
      repainting_start: "0.5",
      repainting_end: "1.5",
      audio_duration: String(FAKE_ACE_DEFAULT_SECONDS),
      // The source has no score: the tempo and key come from the styles.
      bpm: "100",
      key_scale: "Bb Major",
    });
    const sent = decodeWav(new Uint8Array(infillTask?.srcAudio ?? Buffer.alloc(0)).buffer);
    expect(sent.channels[0].length).toBe(FAKE_ACE_DEFAULT_SECONDS * 48_000);

    const extend = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "jazz",
      prompt: "[Chorus]\nlater on",
      continue_clip_id: source.id,
      continue_at: 1,
      batch_size: 1,
    });
    expect(extend.status).toBe(200);
    expect(extend.body.metadata.task).toBe("extend");
    const [extended] = await settledClips(client, [extend.body.clips[0].id]);
    expect(extended.status).toBe("complete");
    const extendTask = [...fake.tasks.values()].at(-1);
    expect(extendTask?.fields).toMatchObject({
      task_type: "repaint",
      repainting_start: "1",
      repainting_end: "-1",
      // From the join, the default 60 s of new music.
      audio_duration: "61",
    });
    expect(extendTask?.srcAudio?.subarray(0, 4).toString("latin1")).toBe("RIFF");

    // Get Full Song needs no model: the built-in task code joins the stored clips.
    const released = fake.tasks.size;
    const full = await client.post<Clip>("/api/generate/concat/v2/", {
      clip_id: extended.id,
      is_infill: false,
    });
    expect(full.status).toBe(200);
    expect(full.body.metadata).toMatchObject({ type: "concat", task: "concat" });
    const [joined] = await settledClips(client, [full.body.id]);
    expect(joined.status).toBe("complete");
    expect(fake.tasks.size).toBe(released);
    expect(joined.metadata.concat_history?.map((entry) => entry.id)).toEqual([source.id, extended.id]);
    const [root, child, song] = await Promise.all([
      audioOf(token, source),
      audioOf(token, extended),
      audioOf(token, joined),
    ]);
    // The extend is in the song's timeline: the source up to the join, then the extend to its end.
    expect(child.channels[0].length).toBe(FAKE_ACE_MAX_SECONDS * 48_000);
    expect(song.channels[0].length).toBe(child.channels[0].length);
    expect(joined.metadata.duration).toBeCloseTo(FAKE_ACE_MAX_SECONDS, 3);
    const at = 48_000;
    expect(song.channels[0].subarray(0, at)).toEqual(root.channels[0].subarray(0, at));
    const tail = song.channels[0].length - 1000;
    expect(song.channels[0].subarray(tail)).toEqual(child.channels[0].subarray(tail));
  });

  it("adjusts speed and remasters a model server's song without the model server", async () => {
    const { client, token } = await server.signedUp({ plan: "pro", credits: 100 });
    const source = await modelSong(client, "house");
    const released = fake.tasks.size;

    const remaster = await client.post<{ id: string; clips: Clip[] }>("/api/generate/upsample", {
      clip_id: source.id,
      stereo_width: 0.8,
    });
    expect(remaster.status).toBe(200);
    const faster = await client.post<Clip>("/api/clips/adjust-speed/", {
      clip_id: source.id,
      speed_multiplier: 1.5,
      keep_pitch: true,
    });
    expect(faster.status).toBe(200);
    const slower = await client.post<Clip>("/api/clips/adjust-speed/", {
      clip_id: source.id,
      speed_multiplier: 0.5,
      keep_pitch: false,
    });
    expect(slower.status).toBe(200);
    const [remastered, fast, slow] = await settledClips(client, [
      remaster.body.clips[0].id,
      faster.body.id,
      slower.body.id,
    ]);
    expect(fake.tasks.size).toBe(released);
    expect(remastered.status).toBe("complete");
    expect(remastered.metadata).toMatchObject({ task: "upsample", upsample_clip_id: source.id });
    expect(fast.status).toBe("complete");
    expect(slow.status).toBe("complete");

    const frames = FAKE_ACE_DEFAULT_SECONDS * 48_000;
    const original = await audioOf(token, source);
    const mastered = await audioOf(token, remastered);
    expect(mastered.channels[0].length).toBe(frames);
    expect(remastered.metadata.duration).toBeCloseTo(FAKE_ACE_DEFAULT_SECONDS, 3);
    // The mastering chain changed the audio, and kept it clear of clipping.
    expect(mastered.channels[0]).not.toEqual(original.channels[0]);
    expect(Math.max(...mastered.channels[0].map(Math.abs))).toBeLessThan(1);

    for (const [clip, multiplier] of [
      [fast, 1.5],
      [slow, 0.5],
    ] as const) {
      const audio = await audioOf(token, clip);
      expect(Math.abs(audio.channels[0].length - frames / multiplier)).toBeLessThanOrEqual(64);
      expect(clip.metadata.duration).toBeCloseTo(FAKE_ACE_DEFAULT_SECONDS / multiplier, 2);
    }
  });

  it("refuses a task the model server cannot do (add vocals) before taking credits or making a clip", async () => {
    const { client } = await server.signedUp({ plan: "pro", credits: 100 });
    const source = await modelSong(client, "ambient");
    const before = (await client.get<BillingInfo>("/api/billing/info/")).body.total_credits_left;
    const released = fake.tasks.size;
    const refused = await client.post<{ detail: string }>("/api/generate/v2/", {
      task: "underpainting",
      underpainting_clip_id: source.id,
      tags: "ambient, soft vocals",
      prompt: "[Verse]\nover the quiet water",
      batch_size: 1,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(aceRefusal("underpainting"));
    expect((await client.get<BillingInfo>("/api/billing/info/")).body.total_credits_left).toBe(before);
    expect(fake.tasks.size).toBe(released);
    const feed = await client.get<{ clips: Clip[] }>("/api/feed/v2");
    expect(feed.body.clips.map((clip) => clip.id)).toEqual([source.id]);
  });

  it("refuses stems of a model server's song (it has no score) before taking credits", async () => {
    const { client } = await server.signedUp({ plan: "pro", credits: 100 });
    const source = await modelSong(client, "funk");
    const before = (await client.get<BillingInfo>("/api/billing/info/")).body.total_credits_left;
    const refused = await client.post<{ detail: string }>("/api/generate/v2/", {
      task: "gen_stem",
      stem_condition_clip_id: source.id,
      stem_type_group_name: "bass",
      batch_size: 1,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(STEMS_NEED_SCORE);
    expect((await client.get<BillingInfo>("/api/billing/info/")).body.total_credits_left).toBe(before);
  });
});
