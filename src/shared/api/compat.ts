import { z } from "zod";

/** The check upstream clients make before each generation: whether a captcha token must be sent. */
export const captchaCheckBodySchema = z.looseObject({ ctype: z.string().max(100).optional() });
export const captchaCheckResponseSchema = z.object({ required: z.boolean() });

/** The token exchange's first step: the client's sessions; the last active one's id names the token. */
export const upstreamClientResponseSchema = z.object({
  response: z.object({
    id: z.string(),
    last_active_session_id: z.string(),
    sessions: z.array(z.object({ id: z.string(), status: z.string() })),
  }),
});

export const upstreamSessionParamsSchema = z.object({ session_id: z.uuid("Session ids are UUIDs") });
/** The token exchange's second step: a short-lived bearer token; here the script token itself. */
export const upstreamSessionTokenResponseSchema = z.object({ object: z.literal("token"), jwt: z.string() });

export const createSessionIdResponseSchema = z.object({ session_id: z.string() });
