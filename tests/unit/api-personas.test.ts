import { describe, expect, it } from "vitest";
import { COVER_SIZE } from "../../src/generator/cover-art/cover-image.ts";
import type { NewClip } from "../../src/server/clips/clip-store.ts";
import {
  type FollowPersonaResponse,
  NO_FOLLOWED_PERSONAS,
  NO_LOVED_PERSONAS,
  PERSONA_CLIP_INELIGIBLE,
  PERSONA_UPLOADS_DISABLED,
  PERSONA_VOCALS_NOT_PUBLISHABLE,
  PERSONAS_NEED_PAID_PLAN,
  type Persona,
  type PersonaListResponse,
  type PersonaPageResponse,
  type PromptImageResponse,
  personaListResponseSchema,
  personaPageResponseSchema,
  personaSchema,
  ROOT_CLIP_REQUIRED,
  type ToggleLoveResponse,
} from "../../src/shared/api/personas.ts";
import type { SearchResponse } from "../../src/shared/api/search.ts";
import { newTestClip, newTestUser, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("personas on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob, free },
  } = startApiServerWithUsers(backend, { alice: { plan: "pro" }, bob: { plan: "premier" }, free: {} });

  /** A finished song with vocals, the kind a persona is made from. */
  const song = (user: TestUser, extra: Partial<NewClip> = {}) =>
    newTestClip(db(), {
      userId: user.id,
      title: "Root song",
      audioKey: `clips/${user.id}/audio.wav`,
      metadata: {
        type: "gen",
        tags: "synthwave, female vocals",
        negative_tags: "metal",
        has_vocal: true,
        duration: 90,
      },
      ...extra,
    });
  const create = (user: TestUser, body: object) => user.client.post<Persona>("/api/persona/create/", body);

  it("creates a persona from the user's own song, with the required defaults", async () => {
    const root = await song(alice);
    const created = await create(alice, { root_clip_id: root.id, description: "Airy and bright" });
    expect(created.status).toBe(200);
    const persona = personaSchema.parse(created.body);
    expect(persona).toMatchObject({
      name: "Untitled Persona",
      description: "Airy and bright",
      root_clip_id: root.id,
      user_id: alice.id,
      is_public: false,
      is_owned: true,
      is_loved: false,
      upvote_count: 0,
      image_url: null,
      clip: {
        id: root.id,
        metadata: { tags: "synthwave, female vocals", negative_tags: "metal", has_vocal: true },
      },
    });
    const mine = await alice.client.get<PersonaListResponse>("/api/persona/get-personas/");
    expect(personaListResponseSchema.parse(mine.body).personas.map((p) => p.id)).toContain(persona.id);
    const one = await alice.client.get<Persona>(`/api/persona/get-persona/${persona.id}/`);
    expect(one.body.id).toBe(persona.id);
  });

  it("refuses free users with the upsell detail, and a missing root clip with the required message", async () => {
    const root = await song(free);
    const refused = await create(free, { root_clip_id: root.id, name: "Mine" });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: PERSONAS_NEED_PAID_PLAN });
    const missing = await create(alice, { name: "No root" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: ROOT_CLIP_REQUIRED });
    const image = await free.client.post("/api/gen/prompt_image/", { prompt: "a fox" });
    expect(image.status).toBe(403);
  });

  it("refuses clips a persona cannot copy", async () => {
    const others = await song(bob, { isPublic: true });
    const instrumental = await song(alice, {
      metadata: { type: "gen", has_vocal: false, tags: "ambient" },
    });
    const unfinished = await song(alice, { status: "streaming" });
    const silent = await song(alice, { audioKey: null });
    for (const clip of [others, instrumental, unfinished, silent]) {
      const refused = await create(alice, { root_clip_id: clip.id });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ detail: PERSONA_CLIP_INELIGIBLE });
    }
    const unpublishable = await song(alice, {
      metadata: { type: "gen", has_vocal: true, can_publish_with_vocal: false },
    });
    const publicRefused = await create(alice, { root_clip_id: unpublishable.id, is_public: true });
    expect(publicRefused.status).toBe(400);
    expect(publicRefused.body).toEqual({ detail: PERSONA_VOCALS_NOT_PUBLISHABLE });
    expect((await create(alice, { root_clip_id: unpublishable.id })).status).toBe(200);
    const hidden = await song(bob);
    expect((await create(alice, { root_clip_id: hidden.id })).status).toBe(404);
    expect((await create(alice, { root_clip_id: "not-a-uuid" })).body).toEqual({
      detail: PERSONA_CLIP_INELIGIBLE,
    });
    const long = await create(alice, { root_clip_id: hidden.id, description: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(String((long.body as { detail?: string }).detail)).toMatch(/description/);
  });

  it("takes own audio uploads only with the personas-audio-upload flag", async () => {
    const upload = await song(alice, { metadata: { type: "upload", has_vocal: true } });
    const refused = await create(alice, { root_clip_id: upload.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: PERSONA_UPLOADS_DISABLED });
    const flagged = await newTestUser(db(), server.client(), { plan: "pro" });
    await db()
      .updateTable("users")
      .set({ flags: ["personas-audio-upload"] })
      .where("id", "=", flagged.id)
      .execute();
    const own = await song(flagged, { metadata: { type: "upload", has_vocal: true } });
    expect((await create(flagged, { root_clip_id: own.id })).status).toBe(200);
  });

  it("makes avatar images from a prompt: a PNG, the same for the same prompt", async () => {
    const first = await alice.client.post<PromptImageResponse>("/api/gen/prompt_image/", {
      prompt: "A neon fox",
    });
    expect(first.status).toBe(200);
    const again = await bob.client.post<PromptImageResponse>("/api/gen/prompt_image/", {
      prompt: "a neon fox ",
    });
    expect(again.body).toEqual(first.body);
    const other = await alice.client.post<PromptImageResponse>("/api/gen/prompt_image/", {
      prompt: "A calm lake",
    });
    expect(other.body.image_s3_id).not.toBe(first.body.image_s3_id);
    const png = await fetch(`${server.url()}${first.body.image_url}`);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await png.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.readUInt32BE(16)).toBe(COVER_SIZE);
    const otherBytes = Buffer.from(
      await (await fetch(`${server.url()}${other.body.image_url}`)).arrayBuffer(),
    );
    expect(otherBytes.equals(bytes)).toBe(false);

    const root = await song(alice);
    const withImage = await create(alice, {
      root_clip_id: root.id,
      name: "Fox",
      image_s3_id: first.body.image_s3_id,
    });
    expect(withImage.body).toMatchObject({
      image_s3_id: first.body.image_s3_id,
      image_url: first.body.image_url,
    });
    const unknown = await create(alice, { root_clip_id: root.id, image_s3_id: "0".repeat(32) });
    expect(unknown.status).toBe(400);
    const tooLong = await alice.client.post("/api/gen/prompt_image/", { prompt: "x".repeat(201) });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { detail?: string }).detail).toBe(
      "Invalid body: prompt: Image prompts are at most 200 characters",
    );
  });

  it("loves and unloves a visible persona, counting the loves", async () => {
    const root = await song(alice);
    const persona = (await create(alice, { root_clip_id: root.id, name: "Loved one", is_public: true })).body;
    const emptyBefore = await bob.client.get("/api/persona/get-loved-personas/");
    expect(emptyBefore.status).toBe(404);
    expect(emptyBefore.body).toEqual({ detail: NO_LOVED_PERSONAS });
    const loved = await bob.client.post<ToggleLoveResponse>(`/api/persona/${persona.id}/toggle_love/`);
    expect(loved.body).toEqual({ loved: true, upvote_count: 1 });
    const byAlice = await alice.client.post<ToggleLoveResponse>(`/api/persona/${persona.id}/toggle_love/`);
    expect(byAlice.body).toEqual({ loved: true, upvote_count: 2 });
    const list = await bob.client.get<PersonaListResponse>("/api/persona/get-loved-personas/");
    expect(list.body.personas.map((p) => [p.id, p.is_loved, p.upvote_count])).toEqual([
      [persona.id, true, 2],
    ]);
    const unloved = await bob.client.post<ToggleLoveResponse>(`/api/persona/${persona.id}/toggle_love/`);
    expect(unloved.body).toEqual({ loved: false, upvote_count: 1 });
    expect((await bob.client.get("/api/persona/get-loved-personas/")).status).toBe(404);

    const privateOne = (await create(alice, { root_clip_id: root.id, name: "Hidden" })).body;
    expect((await bob.client.post(`/api/persona/${privateOne.id}/toggle_love/`)).status).toBe(404);
    expect((await bob.client.get(`/api/persona/get-persona/${privateOne.id}/`)).status).toBe(404);
    expect((await server.client().get(`/api/persona/get-persona/${persona.id}/`)).status).toBe(200);
  });

  it("finds the persona made from a root clip (use_persona), as the viewer may see it", async () => {
    const root = await song(alice);
    const hiddenRoot = await song(alice);
    const persona = (await create(alice, { root_clip_id: root.id, name: "By clip", is_public: true })).body;
    const hidden = (await create(alice, { root_clip_id: hiddenRoot.id, name: "Hidden by clip" })).body;
    const found = await bob.client.get<Persona>(`/api/persona/get-persona-by-clip/${root.id}/`);
    expect(found.status).toBe(200);
    expect(personaSchema.parse(found.body)).toMatchObject({ id: persona.id, is_owned: false });
    expect((await bob.client.get(`/api/persona/get-persona-by-clip/${hiddenRoot.id}/`)).status).toBe(404);
    const own = await alice.client.get<Persona>(`/api/persona/get-persona-by-clip/${hiddenRoot.id}/`);
    expect(own.body.id).toBe(hidden.id);
    const unknown = await alice.client.get(`/api/persona/get-persona-by-clip/${crypto.randomUUID()}/`);
    expect(unknown.status).toBe(404);
    expect((await alice.client.get("/api/persona/get-persona-by-clip/nope/")).status).toBe(400);
  });

  it("follows and unfollows", async () => {
    const root = await song(alice);
    const persona = (await create(alice, { root_clip_id: root.id, name: "Followed", is_public: true })).body;
    const empty = await bob.client.get("/api/persona/get-followed-personas/");
    expect(empty.body).toEqual({ detail: NO_FOLLOWED_PERSONAS });
    const follow = (value: string) =>
      bob.client.post<FollowPersonaResponse>(`/api/persona/follow/${persona.id}/?follow=${value}`);
    expect((await follow("true")).body).toEqual({ following: true, follower_count: 1 });
    expect((await follow("true")).body).toEqual({ following: true, follower_count: 1 });
    const list = await bob.client.get<PersonaListResponse>("/api/persona/get-followed-personas/");
    expect(list.body.personas.map((p) => [p.id, p.is_following, p.follower_count])).toEqual([
      [persona.id, true, 1],
    ]);
    expect((await follow("false")).body).toEqual({ following: false, follower_count: 0 });
    expect((await follow("maybe")).status).toBe(400);
  });

  it("pages a persona's songs, showing others only the public ones", async () => {
    const root = await song(alice);
    const persona = (await create(alice, { root_clip_id: root.id, name: "Prolific", is_public: true })).body;
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(await song(alice, { personaId: persona.id, isPublic: i !== 1, title: `With persona ${i}` }));
    }
    const own = await alice.client.get<PersonaPageResponse>(
      `/api/persona/get-persona-paginated/${persona.id}/`,
    );
    const parsed = personaPageResponseSchema.parse(own.body);
    expect(parsed.persona.persona_clips.map((entry) => entry.clip.id)).toEqual(
      made.map((c) => c.id).reverse(),
    );
    expect(parsed.num_total_results).toBe(3);
    const seen = await bob.client.get<PersonaPageResponse>(
      `/api/persona/get-persona-paginated/${persona.id}/?page=1`,
    );
    expect(seen.body.persona.persona_clips.map((entry) => entry.clip.id)).toEqual(
      [made[2]?.id, made[0]?.id].filter(Boolean),
    );
    expect(seen.body.num_total_results).toBe(2);
    expect((await bob.client.get(`/api/persona/get-persona-paginated/${persona.id}/?page=0`)).status).toBe(
      400,
    );
  });

  it("searches public personas and the user's own", async () => {
    const root = await song(bob);
    const name = `Zebra ${Date.now()}`;
    const open = (await create(bob, { root_clip_id: root.id, name, is_public: true })).body;
    const closed = (await create(bob, { root_clip_id: root.id, name: `${name} private` })).body;
    const search = (user: TestUser | null, search_type: string, term: string) =>
      (user?.client ?? server.client()).post<SearchResponse>("/api/search/", {
        search_queries: [{ name: "personas", search_type, term, from_index: 0 }],
      });
    const publicHits = await search(alice, "public_persona", name.toLowerCase());
    expect(publicHits.status).toBe(200);
    expect(((publicHits.body.result.personas?.result ?? []) as Persona[]).map((p) => p.id)).toEqual([
      open.id,
    ]);
    expect(publicHits.body.result.personas).toMatchObject({ from_index: 0, page_size: 20, total_hits: 1 });
    const ownHits = await search(bob, "library_persona", name);
    expect(((ownHits.body.result.personas?.result ?? []) as Persona[]).map((p) => p.id).sort()).toEqual(
      [open.id, closed.id].sort(),
    );
    expect((await search(null, "library_persona", name)).status).toBe(401);
    const unknown = await search(alice, "persona", "x");
    expect(unknown.status).toBe(400);
    expect(String((unknown.body as { detail?: string }).detail)).toMatch(/Unknown search_type/);
  });
});
