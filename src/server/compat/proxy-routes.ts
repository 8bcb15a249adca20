import type { FastifyInstance } from "fastify";
import type { BillingInfo } from "../../shared/api/billing.ts";
import type { Clip } from "../../shared/api/clips.ts";
import {
  type AudioInfo,
  proxyClipQuerySchema,
  proxyConcatBodySchema,
  proxyCustomGenerateBodySchema,
  proxyExtendBodySchema,
  proxyGenerateBodySchema,
  proxyIdsQuerySchema,
  proxyLyricsBodySchema,
  proxyPersonaQuerySchema,
  proxySongQuerySchema,
  proxyStemsBodySchema,
} from "../../shared/api/compat.ts";
import type { AlignedLyricsResponse, GenerateResponse } from "../../shared/api/generate.ts";
import type { LyricsJob } from "../../shared/api/lyrics.ts";
import { parseInput } from "../http/validate.ts";
import { clipsWhenPlayable, finishedLyrics, type InnerCall, innerCall } from "./inner-calls.ts";

/** The model the proxy asks for when its caller names none. */
const PROXY_DEFAULT_MODEL = "chirp-v3-5";

/** A clip as the proxy flattens it: lyrics without blank lines, the metadata's fields on top. */
export function audioInfo(clip: Clip): AudioInfo {
  const { metadata } = clip;
  return {
    id: clip.id,
    title: clip.title,
    image_url: clip.image_url,
    lyric: (metadata.prompt ?? "")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .join("\n"),
    audio_url: clip.audio_url,
    video_url: clip.video_url,
    created_at: clip.created_at,
    model_name: clip.model_name,
    status: clip.status,
    gpt_description_prompt: metadata.gpt_description_prompt,
    prompt: metadata.prompt,
    type: metadata.type,
    tags: metadata.tags,
    negative_tags: metadata.negative_tags,
    duration: metadata.duration,
    error_message: metadata.error_message,
  };
}

/** Ids as callers send them: comma-separated, or a list printed by a script ("['a', 'b']"). */
export const idsOf = (text: string): string[] =>
  text.match(/[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/gi) ?? [];

/** The feed query for ids (a poll) or else a page of the caller's library. */
function feedSearch(query: { ids?: string; page?: number }): string {
  const ids = query.ids === undefined ? [] : idsOf(query.ids);
  return ids.length > 0 ? `ids=${ids.join(",")}` : `page=${query.page ?? 0}`;
}

/** The generation call the proxy makes, and its wait for the songs when asked to. */
async function generated(
  call: InnerCall,
  body: Record<string, unknown>,
  waitAudio: boolean | null | undefined,
) {
  const answer = await call<GenerateResponse>("POST", "/api/generate/v2/", {
    generation_type: "TEXT",
    ...body,
  });
  const clips = waitAudio
    ? await clipsWhenPlayable(
        call,
        answer.clips.map((clip) => clip.id),
      )
    : answer.clips;
  return clips.map(audioInfo);
}

/**
 * The routes of the most used open-source client's own server (a proxy of the upstream service
 * that apps call with its base URL), answered here the way it answers them, through this server's
 * own routes: apps written against it work with the base URL changed and a script token.
 */
export function registerUpstreamProxyRoutes(app: FastifyInstance): void {
  app.post("/api/generate", async (request) => {
    const body = parseInput(proxyGenerateBodySchema, request.body);
    const call = innerCall(app, request);
    return generated(
      call,
      {
        make_instrumental: body.make_instrumental ?? false,
        mv: body.model || PROXY_DEFAULT_MODEL,
        prompt: "",
        gpt_description_prompt: body.prompt,
      },
      body.wait_audio,
    );
  });

  app.post("/api/custom_generate", async (request) => {
    const body = parseInput(proxyCustomGenerateBodySchema, request.body);
    return generated(
      innerCall(app, request),
      {
        make_instrumental: body.make_instrumental ?? false,
        mv: body.model || PROXY_DEFAULT_MODEL,
        prompt: body.prompt,
        tags: body.tags,
        title: body.title,
        negative_tags: body.negative_tags,
      },
      body.wait_audio,
    );
  });

  app.post("/api/extend_audio", async (request) => {
    const body = parseInput(proxyExtendBodySchema, request.body);
    return generated(
      innerCall(app, request),
      {
        make_instrumental: false,
        mv: body.model || PROXY_DEFAULT_MODEL,
        prompt: body.prompt ?? "",
        tags: body.tags ?? "",
        title: body.title ?? "",
        negative_tags: body.negative_tags ?? "",
        task: "extend",
        continue_clip_id: body.audio_id,
        continue_at: body.continue_at,
      },
      body.wait_audio,
    );
  });

  app.get("/api/get", async (request) => {
    const query = parseInput(proxyIdsQuerySchema, request.query, "query");
    const { clips } = await innerCall(app, request)<{ clips: Clip[] }>(
      "GET",
      `/api/feed/v2?${feedSearch(query)}`,
    );
    return clips.map(audioInfo);
  });

  app.get("/api/get_limit", async (request) => {
    const info = await innerCall(app, request)<BillingInfo>("GET", "/api/billing/info/");
    return {
      credits_left: info.total_credits_left,
      period: info.period,
      monthly_limit: info.monthly_limit,
      monthly_usage: info.monthly_usage,
    };
  });

  app.get("/api/clip", async (request) => {
    const { id } = parseInput(proxyClipQuerySchema, request.query, "query");
    return innerCall(app, request)<Clip>("GET", `/api/clip/${id}`);
  });

  app.post("/api/concat", async (request) => {
    const { clip_id } = parseInput(proxyConcatBodySchema, request.body);
    return innerCall(app, request)<Clip>("POST", "/api/generate/concat/v2/", { clip_id });
  });

  app.post("/api/generate_lyrics", async (request) => {
    const { prompt } = parseInput(proxyLyricsBodySchema, request.body);
    const call = innerCall(app, request);
    const { id } = await call<{ id: string }>("POST", "/api/generate/lyrics/", { prompt });
    return finishedLyrics<LyricsJob>(call, id);
  });

  app.post("/api/generate_stems", async (request) => {
    const { audio_id } = parseInput(proxyStemsBodySchema, request.body);
    const { clips } = await innerCall(app, request)<{ clips: Clip[] }>(
      "POST",
      `/api/edit/stems/${audio_id}`,
      {},
    );
    return clips.map((clip) => ({
      id: clip.id,
      status: clip.status,
      created_at: clip.created_at,
      title: clip.title,
      stem_from_id: clip.metadata.stem_from_id,
      duration: clip.metadata.duration,
    }));
  });

  app.get("/api/get_aligned_lyrics", async (request) => {
    const { song_id } = parseInput(proxySongQuerySchema, request.query, "query");
    const aligned = await innerCall(app, request)<AlignedLyricsResponse>(
      "GET",
      `/api/gen/${song_id}/aligned_lyrics/v2/`,
    );
    return aligned.aligned_words.map(({ word, start_s, end_s, success, p_align }) => ({
      word,
      start_s,
      end_s,
      success,
      p_align,
    }));
  });

  app.get("/api/persona", async (request) => {
    const { id, page } = parseInput(proxyPersonaQuerySchema, request.query, "query");
    return innerCall(app, request)("GET", `/api/persona/get-persona-paginated/${id}/?page=${page ?? 1}`);
  });

  // The Python client's older feed: a bare list of clips, by id or the library's first page.
  app.get("/api/feed/", async (request) => {
    const query = parseInput(proxyIdsQuerySchema, request.query, "query");
    return (await innerCall(app, request)<{ clips: Clip[] }>("GET", `/api/feed/v2?${feedSearch(query)}`))
      .clips;
  });
}
