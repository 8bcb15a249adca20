import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AceStepGenerator } from "../../src/server/generation/ace-step-adapter.ts";
import type { BillingInfo } from "../../src/shared/api/billing.ts";
import type { GenerateResponse } from "../../src/shared/api/generate.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { FAKE_ACE_DEFAULT_SECONDS, FakeAceStep } from "../ace-step-fake.ts";
import { startApiServer } from "../api-server.ts";
import { settledClips } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("the ACE-Step adapter against a local fake of its protocol, on %s", (backend) => {
  const fake = new FakeAceStep();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  const server = startApiServer(backend, {
    generator: () => new AceStepGenerator({ url: fake.url, apiKey: "secret-key", pollIntervalMs: 20 }),
  });

  it("releases a text2music task with the request's texts and seed, and stores its audio at 48 kHz", async () => {
    const { client, token } = await server.signedUp();
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "synthwave",
      negative_tags: "banjo",
      prompt: "[Verse]\nneon rain",
      batch_size: 1,
      transaction_uuid: "ace-1",
    });
    expect(response.status).toBe(200);
    const [clip] = await settledClips(client, [response.body.clips[0].id]);
    expect(clip.status).toBe("complete");
    const task = [...fake.tasks.values()].at(-1);
    expect(task?.authorization).toBe("Bearer secret-key");
    expect(task?.srcAudio).toBeNull();
    expect(task?.fields).toMatchObject({
      prompt: "synthwave, no banjo",
      lyrics: "[Verse]\nneon rain",
      task_type: "text2music",
      use_random_seed: "false",
      batch_size: "1",
      audio_format: "wav",
    });
    expect(Number(task?.fields.seed)).toBeGreaterThanOrEqual(0);
    expect(clip.metadata).toMatchObject({ avg_bpm: 96, has_vocal: true });
    expect(clip.metadata.duration).toBeCloseTo(FAKE_ACE_DEFAULT_SECONDS, 3);
    const audio = await fetch(`${server.url()}${clip.audio_url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const wav = decodeWav(await audio.arrayBuffer());
    expect(wav.sampleRate).toBe(48_000);
    expect(Math.abs(wav.channels[0].length - FAKE_ACE_DEFAULT_SECONDS * 48_000)).toBeLessThanOrEqual(64);
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
    expect(task?.fields.task_type).toBe("cover");
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
});
