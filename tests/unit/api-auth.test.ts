import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { grantCredits } from "../../src/server/billing/credits.ts";
import type { AuthResponse, Session } from "../../src/shared/api/accounts.ts";
import type { BillingInfo } from "../../src/shared/api/billing.ts";
import { newAccountBody, startApiServer } from "../api-server.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("accounts and sessions on %s", (backend) => {
  const server = startApiServer(backend);

  it("signs up, sets an HttpOnly SameSite=Lax session cookie and answers the session", async () => {
    const client = server.client();
    const body = newAccountBody();
    const signup = await client.post<AuthResponse>("/api/auth/signup", body);
    expect(signup.status).toBe(201);
    expect(signup.body.token).toMatch(/^[\w-]{40,}$/);
    const cookie = signup.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^tunesmith_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const session = await client.get<Session>("/api/session");
    expect(session.body).toMatchObject({
      user: { handle: body.handle },
      username: body.handle,
      userEmail: body.email,
      userPlanKey: "free",
      roles: { pro: false },
      isStaff: false,
      audioUploadLimits: { min: 6, max: 60 },
    });
    expect(session.body.flags.studio).toBe(false);
    expect(session.body.userId).toBe(session.body.user?.id);
  });

  it("answers a signed-out session with no user", async () => {
    const session = await server.client().get<Session>("/api/session");
    expect(session.status).toBe(200);
    expect(session.body.user).toBeNull();
  });

  it("signs in with the password, as a cookie or as a bearer token", async () => {
    const body = newAccountBody();
    await server.client().post("/api/auth/signup", body);
    const client = server.client();
    const login = await client.post<AuthResponse>("/api/auth/login", {
      email: body.email.toUpperCase(),
      password: body.password,
    });
    expect(login.status).toBe(200);
    const bearer = server.client().withToken(login.body.token);
    expect((await bearer.get<Session>("/api/session")).body.username).toBe(body.handle);
    expect((await client.get<Session>("/api/session")).body.username).toBe(body.handle);
  });

  it("refuses a wrong password and an unknown email with the same answer", async () => {
    const body = newAccountBody();
    await server.client().post("/api/auth/signup", body);
    const wrong = await server
      .client()
      .post("/api/auth/login", { email: body.email, password: "not the password" });
    const unknown = await server
      .client()
      .post("/api/auth/login", { email: "nobody@example.com", password: "x" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: "Wrong email or password" });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.headers.get("content-type")).toBe(wrong.headers.get("content-type"));
    expect(unknown.headers.get("set-cookie")).toBeNull();
    // An unknown email is checked against a stand-in hash, as often as asked: still refused.
    const again = await server
      .client()
      .post("/api/auth/login", { email: "nobody@example.com", password: "x" });
    expect(again.status).toBe(401);
    expect(again.body).toEqual(wrong.body);
  });

  it("refuses a second account with the same email or handle, whatever the case", async () => {
    const body = newAccountBody();
    await server.client().post("/api/auth/signup", body);
    const sameEmail = await server
      .client()
      .post("/api/auth/signup", { ...newAccountBody(), email: body.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ detail: "That email is already registered" });
    const sameHandle = await server
      .client()
      .post("/api/auth/signup", { ...newAccountBody(), handle: body.handle.toUpperCase() });
    expect(sameHandle.status).toBe(409);
    expect(sameHandle.body.detail).toBe(`The handle @${body.handle.toUpperCase()} is taken`);
  });

  it.each([
    [
      { email: "not an email", password: "long enough", handle: "okay_handle" },
      /email: Enter a valid email address/,
    ],
    [
      { email: "a@example.com", password: "short", handle: "okay_handle" },
      /password: Passwords need at least 8 characters/,
    ],
    [{ email: "a@example.com", password: "long enough", handle: "no spaces" }, /handle: Handles are 3 to 30/],
    [{ email: "a@example.com", password: 12345678, handle: "okay_handle" }, /password: /],
    [{}, /email: .*password: .*handle: /],
  ])("answers an invalid signup with a 400 naming the field (%#)", async (body, detail) => {
    const response = await server.client().post("/api/auth/signup", body);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(["detail"]);
    expect(response.body.detail).toMatch(detail);
  });

  it("answers malformed JSON with a 400 detail", async () => {
    const response = await server.client().request("POST", "/api/auth/login", "{nope");
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(["detail"]);
  });

  it("signs out: the session token stops working", async () => {
    const client = server.client();
    const signup = await client.post<AuthResponse>("/api/auth/signup", newAccountBody());
    expect((await client.post("/api/auth/logout")).status).toBe(204);
    expect((await client.get<Session>("/api/session")).body.user).toBeNull();
    expect(
      (await server.client().withToken(signup.body.token).get<Session>("/api/session")).body.user,
    ).toBeNull();
  });

  it("ends expired sessions", async () => {
    const client = server.client();
    const signup = await client.post<AuthResponse>("/api/auth/signup", newAccountBody());
    await server
      .database()
      .db.updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", signup.body.session.userId as string)
      .execute();
    expect((await client.get<Session>("/api/session")).body.user).toBeNull();
  });

  it("answers with the account as it is now, though the last request's session was kept", async () => {
    const client = server.client();
    const signup = await client.post<AuthResponse>("/api/auth/signup", newAccountBody());
    const userId = signup.body.session.userId as string;
    const db = server.database().db;
    const session = async () => (await client.get<Session>("/api/session")).body;
    const credits = async () => (await client.get<BillingInfo>("/api/billing/info")).body.total_credits_left;
    expect((await session()).userPlanKey).toBe("free");
    const before = await credits();

    await db.updateTable("users").set({ plan_key: "pro" }).where("id", "=", userId).execute();
    expect((await session()).userPlanKey).toBe("pro");
    // A change inside a transaction shows once it commits.
    await grantCredits(db, userId, 25, "test grant");
    expect(await credits()).toBe(before + 25);
    await db
      .updateTable("users")
      .set({ flags: sql<string[]>`array_append(flags, 'studio')` })
      .where("id", "=", userId)
      .execute();
    expect((await session()).flags.studio).toBe(true);

    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", userId)
      .execute();
    expect((await session()).user).toBeNull();
  });

  it("refuses cookie-authenticated writes from another site, not bearer ones", async () => {
    const client = server.client();
    const signup = await client.post<AuthResponse>("/api/auth/signup", newAccountBody());
    const crossSite = await client.request(
      "POST",
      "/api/auth/logout",
      {},
      { "sec-fetch-site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.detail).toMatch(/^Cross-site request refused/);
    const bearer = server.client().withToken(signup.body.token);
    expect(
      (await bearer.request("POST", "/api/auth/logout", {}, { "sec-fetch-site": "cross-site" })).status,
    ).toBe(204);
  });
});
