import { describe, expect, it } from "vitest";
import {
  type ClipPromptsResponse,
  clipPromptsResponseSchema,
  SAVED_PROMPT_NEEDS_CONTENT,
  type SavePromptResponse,
  savePromptResponseSchema,
} from "../../src/shared/api/prompts.ts";
import { newTestUser, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("saved prompts on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const save = (user: TestUser, body: object) => user.client.post<SavePromptResponse>("/api/prompts/", body);
  const list = (user: TestUser, query = "") =>
    user.client.get<ClipPromptsResponse>(`/api/clips/clip_prompts/?per_page=100${query}`);

  it("saves a styles prompt with its sliders and lists it with the required fields", async () => {
    const saved = await save(alice, {
      tags: "synthwave, dreamy",
      negative_tags: "metal",
      title: "Night drive",
      sliders: { weirdness_constraint: 0.3, style_weight: 0.7 },
    });
    expect(saved.status).toBe(200);
    expect(savePromptResponseSchema.parse(saved.body).saved_prompt).toMatchObject({
      id: saved.body.id,
      saved_prompt_id: saved.body.id,
      tags: "synthwave, dreamy",
      lyrics: "",
      sliders: { weirdness_constraint: 0.3, style_weight: 0.7 },
    });
    const listed = await list(alice, "&filter_prompt_type=tags");
    expect(clipPromptsResponseSchema.parse(listed.body).prompts.map((prompt) => prompt.id)).toContain(
      saved.body.id,
    );
    expect(Number.isNaN(Date.parse(listed.body.prompts[0]?.updated_at ?? ""))).toBe(false);
  });

  it("filters by prompt type and lists the last updated first", async () => {
    const user = await newTestUser(db(), server.client());
    const lyrics = await save(user, { lyrics: "[Verse]\nHello", gpt_description_prompt: "a song" });
    const tags = await save(user, { tags: "jazz" });
    const both = await save(user, { tags: "folk", lyrics: "[Chorus]\nLa la" });
    const lyricsOnly = await list(user, "&filter_prompt_type=lyrics");
    expect(lyricsOnly.body.prompts.map((prompt) => prompt.id)).toEqual([both.body.id, lyrics.body.id]);
    const tagsOnly = await list(user, "&filter_prompt_type=tags");
    expect(tagsOnly.body.prompts.map((prompt) => prompt.id)).toEqual([both.body.id, tags.body.id]);
    // Updating moves a prompt to the top.
    const updated = await save(user, { id: lyrics.body.id, lyrics: "[Verse]\nHello again" });
    expect(updated.body.id).toBe(lyrics.body.id);
    const all = await list(user);
    expect(all.body.prompts.map((prompt) => prompt.id)).toEqual([lyrics.body.id, both.body.id, tags.body.id]);
    expect(all.body.prompts[0]?.lyrics).toBe("[Verse]\nHello again");
    expect(all.body).toMatchObject({ num_total_results: 3, current_page: 1, has_more: false });
  });

  it("pages by per_page", async () => {
    const user = await newTestUser(db(), server.client());
    for (const tags of ["a", "b", "c"]) await save(user, { tags });
    const first = await user.client.get<ClipPromptsResponse>("/api/clips/clip_prompts/?page=1&per_page=2");
    const second = await user.client.get<ClipPromptsResponse>("/api/clips/clip_prompts/?page=2&per_page=2");
    expect(first.body.prompts.map((prompt) => prompt.tags)).toEqual(["c", "b"]);
    expect(first.body.has_more).toBe(true);
    expect(second.body.prompts.map((prompt) => prompt.tags)).toEqual(["a"]);
    expect(second.body).toMatchObject({ num_total_results: 3, current_page: 2, has_more: false });
  });

  it("needs lyrics or tags, and refuses bad input with a detail", async () => {
    const empty = await save(alice, { title: "Only a title", tags: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ detail: `Invalid body: lyrics: ${SAVED_PROMPT_NEEDS_CONTENT}` });
    const long = await save(alice, { tags: "x".repeat(1001) });
    expect(long.status).toBe(400);
    expect(String((long.body as { detail?: string }).detail)).toMatch(/tags/);
    const badType = await alice.client.get("/api/clips/clip_prompts/?filter_prompt_type=songs");
    expect(badType.status).toBe(400);
    expect(String((badType.body as { detail?: string }).detail)).toMatch(
      /^Invalid query: filter_prompt_type/,
    );
    const badSliders = await save(alice, { tags: "pop", sliders: { weirdness_constraint: "high" } });
    expect(badSliders.status).toBe(400);
  });

  it("keeps each user's prompts their own", async () => {
    const mine = await save(alice, { tags: "only alice" });
    expect((await list(bob)).body.prompts.map((prompt) => prompt.id)).not.toContain(mine.body.id);
    const overwrite = await save(bob, { id: mine.body.id, tags: "bob was here" });
    expect(overwrite.status).toBe(404);
    const deleteOthers = await bob.client.post("/api/prompts/delete/", { id: mine.body.id });
    expect(deleteOthers.status).toBe(404);
    expect(deleteOthers.body).toEqual({ detail: "Saved prompt not found" });
    expect((await list(alice)).body.prompts.find((prompt) => prompt.id === mine.body.id)?.tags).toBe(
      "only alice",
    );
  });

  it("deletes a prompt, once", async () => {
    const saved = await save(alice, { lyrics: "[Verse]\nGone soon" });
    const deleted = await alice.client.post("/api/prompts/delete/", { id: saved.body.id });
    expect(deleted.body).toEqual({ id: saved.body.id, deleted: true });
    expect((await list(alice)).body.prompts.map((prompt) => prompt.id)).not.toContain(saved.body.id);
    expect((await alice.client.post("/api/prompts/delete/", { id: saved.body.id })).status).toBe(404);
    expect((await alice.client.post("/api/prompts/delete/", { id: "nope" })).status).toBe(400);
  });

  it("asks to sign in", async () => {
    const anonymous = server.client();
    expect((await anonymous.get("/api/clips/clip_prompts/")).status).toBe(401);
    expect((await anonymous.post("/api/prompts/", { tags: "pop" })).status).toBe(401);
  });
});
