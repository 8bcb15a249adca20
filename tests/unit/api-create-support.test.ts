import { describe, expect, it } from "vitest";
import {
  readGenerateEndpoint,
  remoteSettings,
  settingKey,
} from "../../src/server/create-support/remote-settings.ts";
import type { Clip } from "../../src/shared/api/clips.ts";
import {
  type ExperimentResponse,
  GENERATE_ENDPOINT_SETTING,
  type GenerationMatrix,
  generationMatrixSchema,
  RECOMMEND_TAGS_TEXT_MAX,
  type RecommendStylesResponse,
  type RecommendTagsResponse,
  recommendStylesResponseSchema,
} from "../../src/shared/api/create-support.ts";
import type { SearchResponse } from "../../src/shared/api/search.ts";
import { recommendTagsBody } from "../../src/shared/create/style-recommendation.ts";
import { newTestClip, startApiServerWithUsers, type TestUser } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("create page support calls on %s", (backend) => {
  const {
    server,
    db,
    users: { pro, free },
  } = startApiServerWithUsers(backend, { pro: { plan: "pro" }, free: {} });

  it("recommends styles: defaults and a co-occurrence table", async () => {
    const styles = await server.client().get<RecommendStylesResponse>("/api/generate/get_recommend_styles");
    const body = recommendStylesResponseSchema.parse(styles.body);
    expect(body.default_styles).toContain("pop");
    expect(body.co_existing_styles_dict.synthwave).toContain("80s");
    // Every default has its own row, so picking one always yields suggestions.
    for (const style of body.default_styles)
      expect(body.co_existing_styles_dict[style]?.length).toBeGreaterThan(0);
  });

  it("recommends tags that go with the given ones, most shared first, never the given ones", async () => {
    const one = await pro.client.post<RecommendTagsResponse>("/api/tags/recommend", { tags: "synthwave" });
    expect(one.body.recommended_tags.slice(0, 3)).toEqual(["retro", "80s", "neon"]);
    // "synth" goes with both pop and synthwave: it ranks first.
    const two = await pro.client.post<RecommendTagsResponse>("/api/tags/recommend", {
      tags: ["pop", "Synthwave"],
    });
    expect(two.body.recommended_tags[0]).toBe("synth");
    expect(two.body.recommended_tags).not.toContain("pop");
    const unknown = await pro.client.post<RecommendTagsResponse>("/api/tags/recommend", { tags: "zzz" });
    expect(unknown.body.recommended_tags[0]).toBe("pop");
    expect((await pro.client.post("/api/tags/recommend", { tags: 3 })).status).toBe(400);
  });

  it("takes styles up to the shared limit, and whatever the page builds from longer ones", async () => {
    const post = (tags: string) => pro.client.post<RecommendTagsResponse>("/api/tags/recommend", { tags });
    expect((await post("x".repeat(RECOMMEND_TAGS_TEXT_MAX))).status).toBe(200);
    const refused = await post("x".repeat(RECOMMEND_TAGS_TEXT_MAX + 1));
    expect(refused.status).toBe(400);
    expect(refused.body).toHaveProperty("detail");
    const long = Array.from({ length: 120 }, (_, index) => `style number ${index}`).join(", ");
    const body = recommendTagsBody(long);
    expect(body).not.toBeNull();
    expect((await pro.client.post("/api/tags/recommend", body)).status).toBe(200);
  });

  it("describes the generation matrix", async () => {
    const matrix = await server.client().get<GenerationMatrix>("/api/generate/matrix");
    const body = generationMatrixSchema.parse(matrix.body);
    expect(body.diffusion_params.map((param) => param.field_name)).toEqual([
      "weirdness_constraint",
      "style_weight",
      "audio_weight",
    ]);
    expect(body.params.find((param) => param.field_name === "mv")?.type).toBe("string");
  });

  it("grants commercial rights for the owner's finished songs on a paid plan", async () => {
    const url = (id: string) => `/api/clips/${id}/commercial_rights_eligible/`;
    const own = await newTestClip(db(), { userId: pro.id });
    expect((await pro.client.get(url(own.id))).body).toEqual({ eligible: true, reason: null });
    const upload = await newTestClip(db(), { userId: pro.id, metadata: { type: "upload" } });
    expect((await pro.client.get(url(upload.id))).body).toEqual({ eligible: false, reason: "upload" });
    const unfinished = await newTestClip(db(), { userId: pro.id, status: "streaming" });
    expect((await pro.client.get(url(unfinished.id))).body).toEqual({
      eligible: false,
      reason: "not_complete",
    });
    const freeOwn = await newTestClip(db(), { userId: free.id, isPublic: true });
    expect((await free.client.get(url(freeOwn.id))).body).toEqual({ eligible: false, reason: "free_plan" });
    expect((await pro.client.get(url(freeOwn.id))).body).toEqual({ eligible: false, reason: "not_owner" });
    const hidden = await newTestClip(db(), { userId: free.id });
    expect((await pro.client.get(url(hidden.id))).status).toBe(404);
    expect((await pro.client.get(url("nope"))).status).toBe(400);
    expect((await server.client().get(url(own.id))).status).toBe(401);
  });

  it("searches public songs and the user's library by title, styles and lyrics", async () => {
    const word = `quokka${Date.now()}`;
    const open = await newTestClip(db(), { userId: free.id, title: `The ${word} song`, isPublic: true });
    const closed = await newTestClip(db(), {
      userId: free.id,
      title: "Private",
      metadata: { tags: `${word}, jazz` },
    });
    const search = (user: TestUser | null, search_type: string, rank_by = "most_relevant") =>
      (user?.client ?? server.client()).post<SearchResponse>("/api/search/", {
        search_queries: [{ name: "songs", search_type, term: word.toUpperCase(), rank_by }],
      });
    const ids = (response: { body: SearchResponse }) =>
      ((response.body.result.songs?.result ?? []) as Clip[]).map((clip) => clip.id).sort();
    expect(ids(await search(pro, "public_song"))).toEqual([open.id]);
    expect(ids(await search(null, "public_song", "trending"))).toEqual([open.id]);
    expect(ids(await search(free, "library_song"))).toEqual([open.id, closed.id].sort());
    expect(ids(await search(pro, "library_song"))).toEqual([]);
    expect((await search(null, "library_song")).status).toBe(401);
    const badRank = await search(pro, "public_song", "random");
    expect(badRank.status).toBe(400);
  });

  it("answers the remote setting for the generation call, and the caller's default otherwise", async () => {
    const ask = (body: object) => pro.client.post<ExperimentResponse>("/api/statsig/experiment/", body);
    const endpoint = await ask({
      ...GENERATE_ENDPOINT_SETTING,
      parameter_type: "string",
      parameter_default: "x",
    });
    // The test server is built without a GENERATE_ENDPOINT: the default.
    expect(endpoint.body).toEqual({ success: true, data: "v2" });
    const unknown = await ask({
      layer_name: "other",
      parameter_name: "flag",
      parameter_type: "boolean",
      parameter_default: true,
    });
    expect(unknown.body).toEqual({ success: true, data: true });
    const asNumber = await ask({
      ...GENERATE_ENDPOINT_SETTING,
      parameter_type: "number",
      parameter_default: 3,
    });
    expect(asNumber.body).toEqual({ success: true, data: 3 });
    const mismatched = await ask({
      ...GENERATE_ENDPOINT_SETTING,
      parameter_type: "number",
      parameter_default: "3",
    });
    expect(mismatched.status).toBe(400);
    expect(String((mismatched.body as { detail?: string }).detail)).toMatch(/parameter_default/);
  });
});

describe("the remote settings", () => {
  it("reads GENERATE_ENDPOINT from the environment, v2 by default", () => {
    const problem = (message: string) => new Error(message);
    expect(readGenerateEndpoint({}, problem)).toBe("v2");
    expect(readGenerateEndpoint({ GENERATE_ENDPOINT: "v2-web" }, problem)).toBe("v2-web");
    expect(() => readGenerateEndpoint({ GENERATE_ENDPOINT: "v3" }, problem)).toThrow(
      /GENERATE_ENDPOINT=v3 .*v2 or v2-web/,
    );
  });

  it("holds the chosen endpoint under the create page's setting key", () => {
    const key = settingKey(GENERATE_ENDPOINT_SETTING.layer_name, GENERATE_ENDPOINT_SETTING.parameter_name);
    expect(remoteSettings().get(key)).toBe("v2");
    expect(remoteSettings("v2-web").get(key)).toBe("v2-web");
  });
});
