// The song menu's generation actions over HTTP, on both databases: Remaster, Create Variations (a
// cover through the generation call), Get Full Song and Confirm Section (concat/v2), Get Stems; for
// the owner, another user (404, nothing made) and anonymous callers (401), and bad input (4xx {detail}).

import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { CONFIRM_SECTION_ONLY_INFILL } from "../../src/server/generation/library-actions.ts";
import { MARKETPLACE_OFF } from "../../src/server/routes/editor-requests.ts";
import type {
  ClipDescription,
  EditorRequest,
  SamplePackResponse,
} from "../../src/shared/api/clip-actions.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { GenerateResponse } from "../../src/shared/api/generate.ts";
import { type ApiClient, startApiServer } from "../api-server.ts";
import { newTestClip, settledClips } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { SINE_SONG_SECONDS, SineSongGenerator } from "../sine-song-generator.ts";

describe.each(BACKENDS)("clip actions API on %s", (backend) => {
  const generator = new SineSongGenerator();
  const server = startApiServer(backend, { generator: () => generator });
  const proUser = () => server.signedUp({ plan: "pro", credits: 200 });

  async function song(client: ApiClient, body: Record<string, unknown> = {}): Promise<Clip> {
    const response = await client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "jazz",
      make_instrumental: true,
      batch_size: 1,
      ...body,
    });
    expect(response.status).toBe(200);
    const [clip] = await settledClips(client, [response.body.clips[0].id]);
    expect(clip.status).toBe("complete");
    return clip;
  }

  /** How many clips a user has: a refused call makes none. */
  const clipCount = async (userId: string) =>
    Number(
      (
        await server
          .database()
          .db.selectFrom("clips")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("user_id", "=", userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("remasters the owner's song only; sliders outside 0..1 are refused with a detail", async () => {
    const owner = await proUser();
    const other = await proUser();
    const source = await song(owner.client);
    for (const bad of [{ tone: 1.5 }, { stereo_width: -0.1 }, { clarity: "loud" }]) {
      const refused = await owner.client.post<{ detail: string }>("/api/generate/upsample", {
        clip_id: source.id,
        ...bad,
      });
      expect(refused.status).toBe(400);
      expect(typeof refused.body.detail).toBe("string");
    }
    const before = await clipCount(other.userId);
    const stranger = await other.client.post<{ detail: string }>("/api/generate/upsample", {
      clip_id: source.id,
    });
    expect(stranger.status).toBe(404);
    expect(await clipCount(other.userId)).toBe(before);
    const anonymous = await server.client().post<{ detail: string }>("/api/generate/upsample", {
      clip_id: source.id,
    });
    expect(anonymous.status).toBe(401);
    const made = await owner.client.post<{ clips: Clip[] }>("/api/generate/upsample", {
      clip_id: source.id,
      stereo_width: 1,
    });
    expect(made.status).toBe(200);
    const [remastered] = await settledClips(owner.client, [made.body.clips[0].id]);
    expect(remastered.status).toBe("complete");
    expect(generator.requests.at(-1)?.remaster?.stereoWidth).toBe(1);
  });

  it("creates variations as covers of the song, for the owner and not of another's private song", async () => {
    const owner = await proUser();
    const other = await proUser();
    const source = await song(owner.client, { tags: "bossa", prompt: "" });
    const variations = await owner.client.post<GenerateResponse>("/api/generate/v2/", {
      task: "cover",
      cover_clip_id: source.id,
      tags: "bossa",
      make_instrumental: true,
    });
    expect(variations.status).toBe(200);
    expect(variations.body.clips).toHaveLength(2);
    expect(variations.body.metadata).toMatchObject({ task: "cover", cover_clip_id: source.id });
    await settledClips(
      owner.client,
      variations.body.clips.map((clip) => clip.id),
    );
    expect(generator.requests.at(-1)?.source?.clipId).toBe(source.id);
    const before = await clipCount(other.userId);
    const stranger = await other.client.post<{ detail: string }>("/api/generate/v2/", {
      task: "cover",
      cover_clip_id: source.id,
      tags: "bossa",
    });
    expect(stranger.status).toBe(404);
    expect(await clipCount(other.userId)).toBe(before);
  });

  it("confirms a replaced section as a whole song; Get Full Song refuses it, and others cannot", async () => {
    const owner = await proUser();
    const other = await proUser();
    const source = await song(owner.client);
    const replaced = await owner.client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "jazz",
      continue_clip_id: source.id,
      infill_start_s: 1,
      infill_end_s: 2,
      batch_size: 1,
    });
    const [infill] = await settledClips(owner.client, [replaced.body.clips[0].id]);
    const fullSong = await owner.client.post<{ detail: string }>("/api/generate/concat/v2/", {
      clip_id: infill.id,
    });
    expect(fullSong.status).toBe(400);
    const plain = await owner.client.post<{ detail: string }>("/api/generate/concat/v2/", {
      clip_id: source.id,
      is_infill: true,
    });
    expect(plain.status).toBe(400);
    expect(plain.body.detail).toBe(CONFIRM_SECTION_ONLY_INFILL);
    const before = await clipCount(other.userId);
    const stranger = await other.client.post<{ detail: string }>("/api/generate/concat/v2/", {
      clip_id: infill.id,
      is_infill: true,
    });
    expect(stranger.status).toBe(404);
    expect(await clipCount(other.userId)).toBe(before);
    const anonymous = await server.client().post("/api/generate/concat/v2/", { clip_id: infill.id });
    expect(anonymous.status).toBe(401);

    const confirmed = await owner.client.post<Clip>("/api/generate/concat/v2/", {
      clip_id: infill.id,
      is_infill: true,
      edit_session_id: "session-1",
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.metadata).toMatchObject({ type: "concat_infilling", task: "concat" });
    const [whole] = await settledClips(owner.client, [confirmed.body.id]);
    expect(whole.status).toBe("complete");
    expect(whole.metadata.concat_history?.map((entry) => entry.id)).toEqual([infill.id]);
    expect(whole.metadata.duration).toBeCloseTo(SINE_SONG_SECONDS, 3);
  });

  it("makes stems for the owner only", async () => {
    const owner = await proUser();
    const other = await proUser();
    const source = await song(owner.client);
    const before = await clipCount(other.userId);
    const stranger = await other.client.post<{ detail: string }>(`/api/edit/stems/${source.id}`);
    expect(stranger.status).toBe(404);
    expect(await clipCount(other.userId)).toBe(before);
    expect((await server.client().post(`/api/edit/stems/${source.id}`)).status).toBe(401);
    const stems = await owner.client.post<{ clips: Clip[] }>(`/api/edit/stems/${source.id}`);
    expect(stems.status).toBe(200);
    expect(stems.body.clips.length).toBeGreaterThan(0);
  });

  it("zips the owner's sample pack: stems, four-bar loops and one-shots named with tempo and key", async () => {
    const owner = await proUser();
    const other = await proUser();
    // The fixture renders at most 8 s: four bars at its 120 BPM, one loop per stem.
    const source = await song(owner.client, { title: "Pack Song", duration: 120 });
    const path = `/api/generate/${source.id}/generate_sample_pack`;
    expect((await other.client.post<{ detail: string }>(path)).status).toBe(404);
    expect((await server.client().post(path)).status).toBe(401);
    const made = await owner.client.post<SamplePackResponse>(path);
    expect(made.status).toBe(200);
    expect((await other.client.get(made.body.sample_pack_url)).status).toBe(404);
    const response = await fetch(`${server.url()}${made.body.sample_pack_url}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain("Pack Song Sample Pack.zip");
    const zip = await JSZip.loadAsync(await response.arrayBuffer());
    const names = Object.keys(zip.files).filter((name) => !zip.files[name].dir);
    const prefix =
      /^(Stems|Loops|One-shots)\/Pack Song - (bass|lead)( loop 1| one-shot 1)? - 120 BPM( - [A-G][#b]? [a-z]+)?\.wav$/;
    expect(names.every((name) => prefix.test(name))).toBe(true);
    expect(names.filter((name) => name.startsWith("Stems/"))).toHaveLength(2);
    expect(names.filter((name) => name.startsWith("Loops/"))).toHaveLength(2);
    expect(names.filter((name) => name.startsWith("One-shots/")).length).toBeGreaterThan(0);
    // Asking again serves the zip already made.
    const again = await owner.client.post<SamplePackResponse>(path);
    expect(again.body.sample_pack_url).toBe(made.body.sample_pack_url);
  });

  it("answers whether a download has commercial rights: owner on a paid plan, not a remix of another's song", async () => {
    const owner = await proUser();
    const other = await proUser();
    const free = await server.signedUp({ plan: "free", credits: 100 });
    const source = await song(owner.client);
    const rights = (client: ApiClient, id: string) =>
      client.get<{ eligible: boolean; reason: string | null }>(
        `/api/clips/${id}/commercial_rights_eligible/`,
      );
    expect((await rights(owner.client, source.id)).body).toEqual({ eligible: true, reason: null });
    expect((await rights(other.client, source.id)).status).toBe(404);
    expect((await server.client().get(`/api/clips/${source.id}/commercial_rights_eligible/`)).status).toBe(
      401,
    );
    const own = await song(free.client);
    expect((await rights(free.client, own.id)).body).toEqual({ eligible: false, reason: "free_plan" });
    // Another user's public song, and a song made from it (as an import or an older rule may have).
    await owner.client.post(`/api/gen/${source.id}/set_visibility/`, { is_public: true });
    expect((await rights(other.client, source.id)).body).toEqual({ eligible: false, reason: "not_owner" });
    const cover = await newTestClip(server.database().db, {
      userId: other.userId,
      metadata: { type: "gen", cover_clip_id: source.id },
    });
    expect((await rights(other.client, cover.id)).body).toEqual({
      eligible: false,
      reason: "remix_of_other",
    });
  });

  it("counts actions on clips the caller may see, and refuses the whole call for one they may not", async () => {
    const owner = await proUser();
    const other = await proUser();
    const [a, b] = [await song(owner.client), await song(owner.client)];
    const one = await owner.client.post<{ counts: Record<string, number> }>(
      `/api/gen/${a.id}/increment_action_count/`,
      {
        action: "download_audio",
      },
    );
    expect(one.body.counts).toEqual({ [a.id]: 1 });
    const both = await owner.client.post<{ counts: Record<string, number> }>(
      "/api/gen/increment_action_counts/",
      {
        action: "download_audio",
        gen_ids: [a.id, b.id],
      },
    );
    expect(both.body.counts).toEqual({ [a.id]: 2, [b.id]: 1 });
    const bad = await owner.client.post<{ detail: string }>(`/api/gen/${a.id}/increment_action_count/`, {
      action: "Drop Table",
    });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.detail).toBe("string");
    const stranger = await other.client.post("/api/gen/increment_action_counts/", {
      action: "download_audio",
      gen_ids: [a.id],
    });
    expect(stranger.status).toBe(404);
    expect(
      (await other.client.post(`/api/gen/${b.id}/increment_action_count/`, { action: "x" })).status,
    ).toBe(404);
    expect(
      (await server.client().post(`/api/gen/${b.id}/increment_action_count/`, { action: "x" })).status,
    ).toBe(401);
    const after = await owner.client.post<{ counts: Record<string, number> }>(
      "/api/gen/increment_action_counts/",
      {
        action: "download_audio",
        gen_ids: [a.id, b.id],
      },
    );
    // The refused calls changed nothing.
    expect(after.body.counts).toEqual({ [a.id]: 3, [b.id]: 2 });
  });

  it("describes the owner's song from our analysis: tempo, key, stems and loudness", async () => {
    const owner = await proUser();
    const other = await proUser();
    const source = await song(owner.client, { title: "Described", duration: 120, prompt: "" });
    const path = `/api/clips/${source.id}/description`;
    expect((await other.client.get(path)).status).toBe(404);
    expect((await server.client().get(path)).status).toBe(401);
    const described = await owner.client.get<ClipDescription>(path);
    expect(described.status).toBe(200);
    const d = described.body;
    expect(d).toMatchObject({ clip_id: source.id, title: "Described", styles: "jazz", source: "analysis" });
    expect(d.duration_s).toBeCloseTo(8, 3);
    // The generator's own downbeats are the clip's beat analysis: its tempo.
    expect(d.tempo_bpm).toBe(120);
    // The fixture's stems: a bass sine at 0.3 and a lead at 0.2 (RMS a / sqrt 2).
    expect(d.instruments.map((instrument) => instrument.stem)).toEqual(["bass", "lead"]);
    expect(d.instruments[0].level_db).toBeCloseTo(20 * Math.log10(0.3 / Math.SQRT2), 0);
    expect(d.instruments[1].level_db).toBeCloseTo(20 * Math.log10(0.2 / Math.SQRT2), 0);
    expect(d.loudness.integrated_lufs).not.toBeNull();
    expect(d.loudness.true_peak_db).toBeLessThan(0);
  });

  it("files a Hire an Editor request with the marketplace flag, which staff see and others do not", async () => {
    const owner = await proUser();
    const other = await proUser();
    const staff = await proUser();
    const db = server.database().db;
    await db.updateTable("users").set({ is_staff: true }).where("id", "=", staff.userId).execute();
    const source = await song(owner.client, { title: "Needs an Editor" });
    const body = { clip_id: source.id, message: "Tighten the intro" };
    const off = await owner.client.post<{ detail: string }>("/api/marketplace/editor-requests", body);
    expect(off.status).toBe(403);
    expect(off.body.detail).toBe(MARKETPLACE_OFF);
    for (const user of [owner, other]) {
      await db
        .updateTable("users")
        .set({ flags: ["enable-marketplace"] })
        .where("id", "=", user.userId)
        .execute();
    }
    const blank = await owner.client.post<{ detail: string }>("/api/marketplace/editor-requests", {
      ...body,
      message: "   ",
    });
    expect(blank.status).toBe(400);
    expect(typeof blank.body.detail).toBe("string");
    expect((await other.client.post("/api/marketplace/editor-requests", body)).status).toBe(404);
    expect((await server.client().post("/api/marketplace/editor-requests", body)).status).toBe(401);
    const filed = await owner.client.post<EditorRequest>("/api/marketplace/editor-requests", body);
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      clip_id: source.id,
      clip_title: "Needs an Editor",
      message: "Tighten the intro",
    });
    const seen = async (client: ApiClient) =>
      (await client.get<{ requests: EditorRequest[] }>("/api/marketplace/editor-requests")).body.requests.map(
        (entry) => entry.id,
      );
    expect(await seen(staff.client)).toContain(filed.body.id);
    expect(await seen(owner.client)).toEqual([filed.body.id]);
    expect(await seen(other.client)).toEqual([]);
  });
});
