import { z } from "zod";
import { clipSchema } from "../../../shared/api/clips.ts";
import {
  audioInfoSchema,
  captchaCheckBodySchema,
  captchaCheckResponseSchema,
  createSessionIdResponseSchema,
  proxyClipQuerySchema,
  proxyConcatBodySchema,
  proxyCustomGenerateBodySchema,
  proxyExtendBodySchema,
  proxyGenerateBodySchema,
  proxyIdsQuerySchema,
  proxyLimitSchema,
  proxyLyricsBodySchema,
  proxyPersonaQuerySchema,
  proxySongQuerySchema,
  proxyStemSchema,
  proxyStemsBodySchema,
  upstreamClientResponseSchema,
  upstreamSessionParamsSchema,
  upstreamSessionTokenResponseSchema,
} from "../../../shared/api/compat.ts";
import { alignedWordSchema } from "../../../shared/api/generate.ts";
import { lyricsJobSchema } from "../../../shared/api/lyrics.ts";
import type { OperationGroup } from "../operation.ts";

const audioInfos = z.array(audioInfoSchema);

/** The routes of compat/: the upstream clients' sign-in steps, answered with script tokens. */
export const compatOperations: OperationGroup = {
  tag: "Upstream client compatibility",
  operations: [
    {
      method: "GET",
      path: ["/v1/client", "/v1/client/"],
      summary: "Token exchange, step 1: send a script token as the bare Authorization header",
      response: upstreamClientResponseSchema,
    },
    {
      method: "POST",
      path: ["/v1/client/sessions/:session_id/tokens", "/v1/client/sessions/:session_id/tokens/:template"],
      summary: "Token exchange, step 2: the bearer token (the script token itself) as jwt",
      params: upstreamSessionParamsSchema,
      response: upstreamSessionTokenResponseSchema,
    },
    {
      method: "POST",
      path: "/api/c/check",
      summary: "The check before each generation: no captcha is ever required here",
      body: captchaCheckBodySchema,
      response: captchaCheckResponseSchema,
    },
    {
      method: "POST",
      path: "/api/user/create_session_id/",
      summary: "A session id for clients that ask for one",
      response: createSessionIdResponseSchema,
    },
    {
      method: "POST",
      path: "/api/generate",
      summary: "Proxy: a song from a description (wait_audio follows it until it plays, at most 100 s)",
      body: proxyGenerateBodySchema,
      response: audioInfos,
    },
    {
      method: "POST",
      path: "/api/custom_generate",
      summary: "Proxy: a song from lyrics, styles and a title",
      body: proxyCustomGenerateBodySchema,
      response: audioInfos,
    },
    {
      method: "POST",
      path: "/api/extend_audio",
      summary: "Proxy: extends a song from continue_at (seconds, a numeric string or m:ss)",
      body: proxyExtendBodySchema,
      response: audioInfos,
    },
    {
      method: "GET",
      path: "/api/get",
      summary: "Proxy: songs by ids (comma-separated), or a page of the library",
      query: proxyIdsQuerySchema,
      response: audioInfos,
    },
    {
      method: "GET",
      path: "/api/feed/",
      summary: "The older feed: a bare list of clips by ids, or a page of the library",
      query: proxyIdsQuerySchema,
      response: z.array(clipSchema),
    },
    { method: "GET", path: "/api/get_limit", summary: "Proxy: the credits left", response: proxyLimitSchema },
    {
      method: "GET",
      path: "/api/clip",
      summary: "Proxy: one clip by ?id=",
      query: proxyClipQuerySchema,
      response: clipSchema,
    },
    {
      method: "POST",
      path: "/api/concat",
      summary: "Proxy: the full song of an extended song",
      body: proxyConcatBodySchema,
      response: clipSchema,
    },
    {
      method: "POST",
      path: "/api/generate_lyrics",
      summary: "Proxy: lyrics from a prompt, answered once written",
      body: proxyLyricsBodySchema,
      response: lyricsJobSchema,
    },
    {
      method: "POST",
      path: "/api/generate_stems",
      summary: "Proxy: splits a song into stems",
      body: proxyStemsBodySchema,
      response: z.array(proxyStemSchema),
    },
    {
      method: "GET",
      path: "/api/get_aligned_lyrics",
      summary: "Proxy: the song's words with their times",
      query: proxySongQuerySchema,
      response: z.array(alignedWordSchema),
    },
    {
      method: "GET",
      path: "/api/persona",
      summary: "Proxy: a persona and a page of its songs",
      query: proxyPersonaQuerySchema,
    },
  ],
};
