import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { type AuthResponse, loginBodySchema, signupBodySchema } from "../../shared/api/accounts.ts";
import { requireStrongPassword } from "../account/account-changes.ts";
import { createAccount, findAccountByEmail } from "../accounts/accounts.ts";
import { SESSION_COOKIE } from "../auth/auth-plugin.ts";
import { checkLoginDelay, clearLoginFailures, recordLoginFailure } from "../auth/login-throttle.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { ANONYMOUS_SESSION, sessionView } from "../auth/session-view.ts";
import { createSession, deleteSession, SESSION_DAYS } from "../auth/sessions.ts";
import type { Database, User } from "../db/schema.ts";
import { unauthorized } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";

/** Sign-in attempts per address per minute: enough for people, too few for guessing. */
const AUTH_RATE = { max: 30, timeWindow: "1 minute" };

async function signIn(db: Kysely<Database>, user: User, request: FastifyRequest, reply: FastifyReply) {
  const token = await createSession(db, user.id);
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: SESSION_DAYS * 24 * 3600,
  });
  const response: AuthResponse = { token, session: sessionView(user) };
  return response;
}

export function registerAuthRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  app.post("/api/auth/signup", { config: { rateLimit: AUTH_RATE } }, async (request, reply) => {
    const body = parseInput(signupBodySchema, request.body);
    requireStrongPassword(body.password);
    const user = await createAccount(db, body);
    reply.status(201);
    return signIn(db, user, request, reply);
  });

  app.post("/api/auth/login", { config: { rateLimit: AUTH_RATE } }, async (request, reply) => {
    const body = parseInput(loginBodySchema, request.body);
    await checkLoginDelay(db, body.email);
    const user = await findAccountByEmail(db, body.email);
    // The same answer, after the same work, for an unknown email and a wrong password: nothing to
    // learn from it.
    const verified = await verifyPassword(body.password, user?.password_hash);
    if (!user || !verified) {
      await recordLoginFailure(db, body.email);
      throw unauthorized("Wrong email or password");
    }
    await clearLoginFailures(db, body.email);
    return signIn(db, user, request, reply);
  });

  app.post("/api/auth/logout", async (request, reply) => {
    if (request.auth) await deleteSession(db, request.auth.token);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.status(204).send();
  });

  app.get("/api/session", async (request) =>
    request.auth ? sessionView(request.auth.user) : ANONYMOUS_SESSION,
  );
}
