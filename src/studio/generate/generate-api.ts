// The calls a studio generation makes: who is generating and their credits, the render of the
// context, the generation call itself (the create page's), and the clips followed by id.

import type { z } from "zod";
import { sessionSchema } from "../../shared/api/accounts.ts";
import { billingInfoSchema } from "../../shared/api/billing.ts";
import { type Clip, feedV2ResponseSchema } from "../../shared/api/clips.ts";
import { type GenerateBody, generateResponseSchema } from "../../shared/api/generate.ts";
import {
  RENDER_FAILED_DESCRIPTION,
  RENDER_FAILED_TOAST,
  type RenderStateBody,
  renderStateResponseSchema,
} from "../../shared/api/studio-render.ts";
import { errorDetail, StudioApiError } from "../persistence/studio-api.ts";

/** The render answered a moderation message: raised in these words. */
export class ModerationError extends Error {
  override readonly name = "ModerationError";
  constructor(message: string) {
    super(`Moderation error: ${message}`);
  }
}

export { RENDER_FAILED_DESCRIPTION, RENDER_FAILED_TOAST };

async function call<Schema extends z.ZodType>(
  schema: Schema,
  path: string,
  body?: unknown,
): Promise<z.infer<Schema>> {
  const response = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  if (!response.ok) throw new StudioApiError(response.status, await errorDetail(response));
  return schema.parse(await response.json());
}

export interface GenerateApi {
  account(): Promise<{
    session: z.infer<typeof sessionSchema>;
    billing: z.infer<typeof billingInfoSchema>;
  }>;
  /** The context as a song clip of the user's library; "Failed to render state" without one. */
  renderContext(body: RenderStateBody): Promise<Clip>;
  generate(body: GenerateBody): Promise<readonly Clip[]>;
  clipsById(ids: readonly string[]): Promise<readonly Clip[]>;
}

export const generateApi: GenerateApi = {
  async account() {
    const [session, billing] = await Promise.all([
      call(sessionSchema, "/api/session"),
      call(billingInfoSchema, "/api/billing/info/"),
    ]);
    return { session, billing };
  },
  async renderContext(body) {
    const answer = await call(renderStateResponseSchema.partial(), "/api/studio/render-state", body);
    if (answer.moderation_error_message) throw new ModerationError(answer.moderation_error_message);
    if (!answer.data) throw new Error("Failed to render state");
    return answer.data;
  },
  async generate(body) {
    return (await call(generateResponseSchema, "/api/generate/v2/", body)).clips;
  },
  async clipsById(ids) {
    const query = ids.map(encodeURIComponent).join(",");
    return (await call(feedV2ResponseSchema, `/api/feed/v2?ids=${query}`)).clips;
  },
};
