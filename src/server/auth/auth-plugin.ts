import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { LOCKED_DETAIL } from "../../shared/api/account.ts";
import {
  API_TOKEN_CANNOT_MANAGE,
  API_TOKEN_INVALID,
  API_TOKEN_READ_ONLY,
  type ApiTokenScope,
} from "../../shared/api/api-tokens.ts";
import type { Database, User } from "../db/schema.ts";
import type { WriteWatch } from "../db/write-watch.ts";
import { forbidden, HttpError, unauthorized } from "../http/errors.ts";
import { findScriptToken, isScriptToken } from "./script-tokens.ts";
import { SessionUsers } from "./sessions.ts";
import { scopeAllows } from "./token-scope.ts";

export const SESSION_COOKIE = "tunesmith_session";
/** The cookie the upstream service's clients keep their credential in. */
export const UPSTREAM_CLIENT_COOKIE = "__client";

export interface Auth {
  readonly user: User;
  readonly token: string;
  /** Cookies ride along on cross-site requests; bearer tokens do not, so only cookies need a CSRF check. */
  readonly via: "cookie" | "bearer";
  /** A script token's scope; null for a session (cookie or bearer), which may do anything its user may. */
  readonly scope: ApiTokenScope | null;
  /** The script token's id (null for a session): links handed to the script die with it. */
  readonly scriptTokenId: string | null;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** What a locked account may still do. */
const UNLOCKED_WRITES = new Set(["/api/auth/logout"]);

function credentials(request: FastifyRequest): { token: string; via: Auth["via"] } | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), via: "bearer" };
  // The upstream clients send their credential as the `__client` cookie; here that is a script
  // token, which a browser never holds (this server sets no such cookie), so it counts as a bearer.
  const client = request.cookies[UPSTREAM_CLIENT_COOKIE];
  if (client !== undefined && isScriptToken(client)) return { token: client, via: "bearer" };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/**
 * A cookie-authenticated write must come from our own pages: browsers say so
 * in Sec-Fetch-Site, or at least in Origin. Anything else is refused.
 */
function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined) return site === "same-origin" || site === "none";
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export function registerAuth(app: FastifyInstance, db: Kysely<Database>, writeWatch: WriteWatch): void {
  app.decorateRequest("auth", null);
  const sessions = new SessionUsers(db, writeWatch);
  app.addHook("onClose", async () => sessions.close());
  app.addHook("onRequest", async (request) => {
    const given = credentials(request);
    if (!given) return;
    if (given.via === "bearer" && isScriptToken(given.token)) {
      // A script token that no longer works is said so, even on public routes: a script polling
      // with a revoked token must stop, not carry on as anonymous.
      const found = await findScriptToken(db, given.token);
      if (!found) throw unauthorized(API_TOKEN_INVALID);
      if (!scopeAllows(found.scope, request.method, request.routeOptions.url))
        throw forbidden(API_TOKEN_READ_ONLY);
      request.auth = {
        user: found.user,
        token: given.token,
        via: "bearer",
        scope: found.scope,
        scriptTokenId: found.tokenId,
      };
      return;
    }
    const user = await sessions.find(given.token);
    if (!user) return;
    if (given.via === "cookie" && !SAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
      throw forbidden(
        "Cross-site request refused: send the request from Tunesmith's pages or use a bearer token",
      );
    }
    request.auth = { user, token: given.token, via: given.via, scope: null, scriptTokenId: null };
  });
  // A locked account may look but not change anything (signing out aside) until support unlocks it.
  app.addHook("preHandler", async (request) => {
    if (request.auth?.user.locked && !SAFE_METHODS.has(request.method) && !UNLOCKED_WRITES.has(request.url))
      throw new HttpError(423, LOCKED_DETAIL);
  });
}

/** The user of a session (cookie or session token), or a 401; script tokens get a 403. */
export function requireSessionUser(request: FastifyRequest): User {
  const user = requireUser(request);
  if (request.auth?.scope !== null) throw forbidden(API_TOKEN_CANNOT_MANAGE);
  return user;
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): User {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}
