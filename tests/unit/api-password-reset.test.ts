// Password reset by mail, on both databases, with the file outbox as the mail boundary: the link
// works once and within the hour for the account it was mailed to only, a weak password leaves it
// working, every session ends, the answer never tells which emails exist, and the limits hold.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { RESET_MAILS_PER_HOUR } from "../../src/server/account/password-resets.ts";
import { OutboxMailTransport } from "../../src/server/mail/mail-transport.ts";
import type { AuthResponse, Session } from "../../src/shared/api/accounts.ts";
import { newAccountBody, startApiServer } from "../api-server.ts";
import { BACKENDS } from "../server-database.ts";

const PUBLIC_URL = "https://music.example.org";
const LINK_INVALID =
  "This reset link is not valid any more: it was used, has expired, or a newer one was used. Ask for a new one.";
const WEAK_PASSWORD =
  "Choose a stronger password: at least 8 characters, not a common one, mixing letters with digits or symbols (or simply longer)";
const NEW_PASSWORD = "river-stone-4791";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function outbox(): OutboxMailTransport {
  const folder = mkdtempSync(join(tmpdir(), "tunesmith-outbox-"));
  folders.push(folder);
  return new OutboxMailTransport(folder);
}

describe.each(BACKENDS)("password reset by mail on %s", (backend) => {
  const mail = outbox();
  const server = startApiServer(backend, { resetMail: () => ({ transport: mail, publicUrl: PUBLIC_URL }) });
  const mailsTo = (email: string) => mail.sent().filter((sent) => sent.to === email);
  /** The token of the newest link mailed to the address. */
  const tokenMailedTo = (email: string) => {
    const text = mailsTo(email).at(-1)?.text ?? "";
    const link = /https:\/\/music\.example\.org\/reset-password\?token=([\w%-]+)/.exec(text);
    if (link === null) throw new Error(`No reset link mailed to ${email}: ${text}`);
    return decodeURIComponent(link[1] ?? "");
  };
  const signUp = async () => {
    const body = newAccountBody();
    const client = server.client();
    const made = await client.post<AuthResponse>("/api/auth/signup", body);
    expect(made.status).toBe(201);
    return { body, client, userId: made.body.session.userId as string };
  };
  const login = (email: string, password: string) =>
    server.client().post<AuthResponse>("/api/auth/login", { email, password });

  it("says it can mail links, and mails one to the owner that sets the password once and signs out everywhere", async () => {
    expect((await server.client().get("/api/auth/password-reset")).body).toEqual({ available: true });
    const owner = await signUp();
    const asked = await server
      .client()
      .post("/api/auth/password-reset/request", { email: owner.body.email.toUpperCase() });
    expect(asked.status).toBe(204);
    expect(mailsTo(owner.body.email)).toHaveLength(1);
    expect(mailsTo(owner.body.email)[0]?.subject).toBe("Reset your Tunesmith password");
    const token = tokenMailedTo(owner.body.email);
    // Only the token's hash is kept.
    const stored = await server
      .database()
      .db.selectFrom("password_resets")
      .selectAll()
      .where("user_id", "=", owner.userId)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(token);
    expect(stored[0]?.token_hash).not.toContain(token);

    const reset = await server.client().post("/api/auth/password-reset", { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(204);
    expect((await owner.client.get<Session>("/api/session")).body.user).toBeNull();
    expect((await login(owner.body.email, owner.body.password)).status).toBe(401);
    expect((await login(owner.body.email, NEW_PASSWORD)).status).toBe(200);

    const again = await server
      .client()
      .post("/api/auth/password-reset", { token, password: "another-pass-5820" });
    expect(again.status).toBe(400);
    expect(again.body.detail).toBe(LINK_INVALID);
    expect((await login(owner.body.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("mails another user's link to that user only, and a signed-in caller changes only the token's account", async () => {
    const owner = await signUp();
    const other = await signUp();
    expect(
      (await other.client.post("/api/auth/password-reset/request", { email: owner.body.email })).status,
    ).toBe(204);
    expect(mailsTo(other.body.email)).toHaveLength(0);
    const token = tokenMailedTo(owner.body.email);
    const guessed = await other.client.post("/api/auth/password-reset", {
      token: `${token}x`,
      password: NEW_PASSWORD,
    });
    expect(guessed.status).toBe(400);
    expect(guessed.body.detail).toBe(LINK_INVALID);
    // The other user, signed in, uses the owner's link (as anyone holding it could): the owner's
    // password changes, the caller's does not, and the caller gains no session of the owner's.
    expect(
      (await other.client.post("/api/auth/password-reset", { token, password: NEW_PASSWORD })).status,
    ).toBe(204);
    expect((await other.client.get<Session>("/api/session")).body.userId).toBe(other.userId);
    expect((await login(other.body.email, other.body.password)).status).toBe(200);
    expect((await login(owner.body.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers an unknown email as a known one without mailing, and refuses expired links and malformed bodies", async () => {
    const before = mail.sent().length;
    const unknown = await server
      .client()
      .post("/api/auth/password-reset/request", { email: "nobody-here@example.com" });
    expect(unknown.status).toBe(204);
    expect(mail.sent()).toHaveLength(before);
    const badEmail = await server
      .client()
      .post("/api/auth/password-reset/request", { email: "not an email" });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.detail).toMatch(/Enter a valid email address/);

    const owner = await signUp();
    await server.client().post("/api/auth/password-reset/request", { email: owner.body.email });
    const token = tokenMailedTo(owner.body.email);
    await server
      .database()
      .db.updateTable("password_resets")
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where("user_id", "=", owner.userId)
      .execute();
    const expired = await server.client().post("/api/auth/password-reset", { token, password: NEW_PASSWORD });
    expect(expired.status).toBe(400);
    expect(expired.body.detail).toBe(LINK_INVALID);
    expect((await login(owner.body.email, owner.body.password)).status).toBe(200);
  });

  it("refuses a weak password and keeps the link working; a used link ends the account's other links", async () => {
    const owner = await signUp();
    await server.client().post("/api/auth/password-reset/request", { email: owner.body.email });
    const first = tokenMailedTo(owner.body.email);
    await server.client().post("/api/auth/password-reset/request", { email: owner.body.email });
    const second = tokenMailedTo(owner.body.email);
    expect(second).not.toBe(first);
    const weak = await server
      .client()
      .post("/api/auth/password-reset", { token: second, password: "password123" });
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe(WEAK_PASSWORD);
    expect((await login(owner.body.email, owner.body.password)).status).toBe(200);
    expect(
      (await server.client().post("/api/auth/password-reset", { token: second, password: NEW_PASSWORD }))
        .status,
    ).toBe(204);
    const older = await server
      .client()
      .post("/api/auth/password-reset", { token: first, password: "yet-another-7731" });
    expect(older.status).toBe(400);
    expect((await login(owner.body.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("mails one account at most the hourly limit, then answers the same without mailing", async () => {
    const owner = await signUp();
    for (let asked = 0; asked < RESET_MAILS_PER_HOUR + 1; asked += 1) {
      const answer = await server
        .client()
        .post("/api/auth/password-reset/request", { email: owner.body.email });
      expect(answer.status).toBe(204);
    }
    expect(mailsTo(owner.body.email)).toHaveLength(RESET_MAILS_PER_HOUR);
  });

  it("mails a Spanish link text to a Spanish asker", async () => {
    const owner = await signUp();
    const asked = await server
      .client()
      .request(
        "POST",
        "/api/auth/password-reset/request",
        { email: owner.body.email },
        { "accept-language": "es-ES,es;q=0.9" },
      );
    expect(asked.status).toBe(204);
    expect(mailsTo(owner.body.email)[0]?.subject).toBe("Restablece tu contraseña de Tunesmith");
  });

  it("limits the requests one address makes", async () => {
    let status = 204;
    for (let asked = 0; asked < 30 && status !== 429; asked += 1) {
      status = (
        await server.client().post("/api/auth/password-reset/request", { email: "limit@example.com" })
      ).status;
    }
    expect(status).toBe(429);
  });
});

describe.each(BACKENDS)("password reset without mail on %s", (backend) => {
  const server = startApiServer(backend);

  it("says staff reset passwords, and refuses both calls with that", async () => {
    expect((await server.client().get("/api/auth/password-reset")).body).toEqual({ available: false });
    const asked = await server
      .client()
      .post("/api/auth/password-reset/request", { email: "someone@example.com" });
    expect(asked.status).toBe(404);
    expect(asked.body.detail).toBe("This server does not send mail: ask its staff to reset your password.");
    const reset = await server
      .client()
      .post("/api/auth/password-reset", { token: "x", password: NEW_PASSWORD });
    expect(reset.status).toBe(404);
  });
});
