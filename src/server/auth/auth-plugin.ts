import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database, User } from "../db/schema.ts";
import type { WriteWatch } from "../db/write-watch.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import { SessionUsers } from "./sessions.ts";

export const SESSION_COOKIE = "tunesmith_session";

export interface Auth {
  readonly user: User;
  readonly token: string;
  /** Cookies ride along on cross-site requests; bearer tokens do not, so only cookies need a CSRF check. */
  readonly via: "cookie" | "bearer";
}

declare module "fastify" {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function credentials(request: FastifyRequest): { token: string; via: Auth["via"] } | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return { token: header.slice(7).trim(), via: "bearer" };
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
    const user = await sessions.find(given.token);
    if (!user) return;
    if (given.via === "cookie" && !SAFE_METHODS.has(request.method) && !isSameOrigin(request)) {
      throw forbidden(
        "Cross-site request refused: send the request from Tunesmith's pages or use a bearer token",
      );
    }
    request.auth = { user, token: given.token, via: given.via };
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): User {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}
