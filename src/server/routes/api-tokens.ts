import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  type ApiTokenList,
  apiTokenIdParamsSchema,
  type CreatedApiToken,
  createApiTokenBodySchema,
} from "../../shared/api/api-tokens.ts";
import { requireSessionUser } from "../auth/auth-plugin.ts";
import { createScriptToken, listScriptTokens, revokeScriptToken } from "../auth/script-tokens.ts";
import type { Database } from "../db/schema.ts";
import { parseInput } from "../http/validate.ts";

/** Script tokens, made, listed and revoked by their owner signed in (never with a script token). */
export function registerApiTokenRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.get("/api/account/api-tokens", async (request): Promise<ApiTokenList> => {
    const user = requireSessionUser(request);
    return { tokens: await listScriptTokens(db, user.id) };
  });

  app.post("/api/account/api-tokens", async (request, reply): Promise<CreatedApiToken> => {
    const user = requireSessionUser(request);
    const body = parseInput(createApiTokenBodySchema, request.body);
    reply.status(201);
    return createScriptToken(db, user.id, body);
  });

  app.delete("/api/account/api-tokens/:token_id", async (request, reply) => {
    const user = requireSessionUser(request);
    const { token_id: tokenId } = parseInput(apiTokenIdParamsSchema, request.params, "path");
    await revokeScriptToken(db, user.id, tokenId);
    return reply.status(204).send();
  });
}
