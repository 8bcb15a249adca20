import {
  captchaCheckBodySchema,
  captchaCheckResponseSchema,
  createSessionIdResponseSchema,
  upstreamClientResponseSchema,
  upstreamSessionParamsSchema,
  upstreamSessionTokenResponseSchema,
} from "../../../shared/api/compat.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of compat/: the upstream clients' sign-in steps, answered with script tokens. */
export const compatOperations: OperationGroup = {
  tag: "Upstream client compatibility",
  operations: [
    {
      method: "GET",
      path: "/v1/client",
      summary: "Token exchange, step 1: send a script token as the bare Authorization header",
      response: upstreamClientResponseSchema,
    },
    {
      method: "POST",
      path: "/v1/client/sessions/:session_id/tokens",
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
  ],
};
