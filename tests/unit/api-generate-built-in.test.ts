import { describe, expect, it } from "vitest";
import { BuiltInGenerator } from "../../src/generator/built-in-generator.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { AlignedLyricsResponse, GenerateResponse } from "../../src/shared/api/generate.ts";
import { decodeWav } from "../../src/shared/audio/wav.ts";
import { startApiServer } from "../api-server.ts";
import { settledClips } from "../clip-fixtures.ts";

// One end-to-end run through the real generator; the API's other behaviour is tested against the
// sine-song fixture, so this file runs on the embedded database only. The shortest song the API asks
// for is still a full one (durations under 120 s are ignored), so this test gets more time.
describe("generation end to end with the built-in generator", () => {
  const server = startApiServer("pglite", { generator: () => new BuiltInGenerator({ threads: 1 }) });

  it("makes a sung song with stems, aligned words and downbeats, served like any clip", {
    timeout: 120_000,
  }, async () => {
    const { client, token } = await server.signedUp({ plan: "pro" });
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      title: "Short Song",
      tags: "pop, 120 bpm, in C major",
      prompt: "[Verse]\nhello bright world",
      batch_size: 1,
      transaction_uuid: "built-in-e2e",
    });
    expect(response.status).toBe(200);
    const [clip] = await settledClips(client, [response.body.clips[0].id]);
    expect(clip.status, JSON.stringify(clip.metadata)).toBe("complete");
    expect(clip.metadata.has_vocal).toBe(true);
    expect(clip.metadata.avg_bpm).toBeGreaterThan(0);

    const audio = await fetch(`${server.url()}${clip.audio_url}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const wav = decodeWav(await audio.arrayBuffer());
    expect(wav.sampleRate).toBe(48_000);
    expect(wav.channels).toHaveLength(2);
    expect(wav.channels[0].length / 48_000).toBeCloseTo(clip.metadata.duration ?? 0, 2);
    let peak = 0;
    for (const channel of wav.channels) for (const sample of channel) peak = Math.max(peak, Math.abs(sample));
    expect(peak).toBeGreaterThan(0.05);
    expect(peak).toBeLessThan(1);

    const aligned = await client.get<AlignedLyricsResponse>(`/api/gen/${clip.id}/aligned_lyrics/v2/`);
    expect(aligned.body.aligned_words.map((word) => word.word.toLowerCase().replace(/[^a-z]/g, ""))).toEqual(
      expect.arrayContaining(["hello", "bright", "world"]),
    );
    const stems = await client.post<{ clips: Clip[] }>(`/api/edit/stems/${clip.id}`);
    expect(stems.status).toBe(200);
    expect(stems.body.clips.map((stem) => stem.metadata.stem_type_group_name)).toEqual(
      expect.arrayContaining(["Drums", "Bass", "Vocals"]),
    );
    const beats = await client.get<{ state: string; downbeats: [number, number][] | null }>(
      `/api/gen/${clip.id}/downbeats`,
    );
    expect(beats.body.state).toBe("complete");
    expect(beats.body.downbeats?.filter(([, n]) => n === 1).length).toBeGreaterThan(0);
  });
});
