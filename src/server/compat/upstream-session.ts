import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { API_TOKEN_INVALID } from "../../shared/api/api-tokens.ts";
import { captchaCheckBodySchema, upstreamSessionParamsSchema } from "../../shared/api/compat.ts";
import { requireUser, UPSTREAM_CLIENT_COOKIE } from "../auth/auth-plugin.ts";
import { findScriptToken, isScriptToken, type ScriptTokenUse } from "../auth/script-tokens.ts";
import type { Database } from "../db/schema.ts";
import { notFound, unauthorized } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";

/**
 * The upstream clients sign in with a session cookie they exchange for a short-lived bearer token
 * (`GET /v1/client`, then `POST /v1/client/sessions/{id}/tokens`), sending the cookie's value as
 * the bare Authorization header. Here that value is a script token: the exchange names the token by
 * its id and hands the same token back as the bearer, so the client's later calls carry a script
 * token through the ordinary auth hook (scope, revocation and all). Nothing here signs anyone in
 * who could not already: an unknown or revoked token is a 401.
 */
async function tokenOfHeader(
  db: Kysely<Database>,
  request: FastifyRequest,
): Promise<ScriptTokenUse & { token: string }> {
  // The TypeScript client sends the cookie's value as the bare Authorization header; the Python
  // client sends the cookie itself.
  const raw = (request.headers.authorization ?? request.cookies[UPSTREAM_CLIENT_COOKIE] ?? "")
    .replace(/^Bearer\s+/i, "")
    .trim();
  if (!isScriptToken(raw))
    throw unauthorized("Send a script token (made on your account page) as the Authorization header");
  const found = await findScriptToken(db, raw);
  if (!found) throw unauthorized(API_TOKEN_INVALID);
  return { ...found, token: raw };
}

export function registerUpstreamSessionRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const client = async (request: FastifyRequest) => {
    const { tokenId } = await tokenOfHeader(db, request);
    return {
      response: {
        id: tokenId,
        last_active_session_id: tokenId,
        sessions: [{ id: tokenId, status: "active" }],
      },
    };
  };
  app.get("/v1/client", client);
  // With a slash too: a client joining its base URL and `?_clerk_js_version=...` asks for that.
  app.get("/v1/client/", client);

  const sessionToken = async (request: FastifyRequest) => {
    const { session_id: sessionId } = parseInput(upstreamSessionParamsSchema, request.params, "path");
    const { tokenId, token } = await tokenOfHeader(db, request);
    if (sessionId !== tokenId) throw notFound("No such session");
    return { object: "token" as const, jwt: token };
  };
  // The exchange's POST carries no body, but clients built on axios label it as a form: a form body
  // is read (and has nothing the exchange uses) on these two routes only.
  app.register(async (exchange) => {
    exchange.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    exchange.post("/v1/client/sessions/:session_id/tokens", sessionToken);
    // Some clients ask for a token by template name (`.../tokens/api`): the same token, whatever the name.
    exchange.post("/v1/client/sessions/:session_id/tokens/:template", sessionToken);
  });

  // Checked before every generation: no captcha here, the signed-in account is enough.
  app.post("/api/c/check", async (request) => {
    requireUser(request);
    parseInput(captchaCheckBodySchema, request.body);
    return { required: false };
  });

  // The session id some clients send with their calls: it names the signed-in account's use, nothing more.
  app.post("/api/user/create_session_id/", async (request) => {
    const user = requireUser(request);
    return { session_id: user.id };
  });
}
