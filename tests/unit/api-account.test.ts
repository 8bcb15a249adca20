import { describe, expect, it } from "vitest";
import { AdminError, runAdminCommand } from "../../src/server/admin/commands.ts";
import {
  type AccountView,
  CODE_EXPIRED,
  CODE_NOT_VALID,
  CODE_USED,
  LOCKED_DETAIL,
  PAST_DUE_MESSAGE,
  PERSONA_ROOT_DELETE_DETAIL,
} from "../../src/shared/api/account.ts";
import type { Session } from "../../src/shared/api/accounts.ts";
import { newAccountBody, startApiServer } from "../api-server.ts";
import { newTestClip } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";

const WEAK_PASSWORD_DETAIL =
  "Choose a stronger password: at least 8 characters, not a common one, mixing letters with digits or symbols (or simply longer)";

describe.each(BACKENDS)("the account page's API on %s", (backend) => {
  const server = startApiServer(backend, { generator: () => new SineSongGenerator() });
  const db = () => server.database().db;
  const account = async (client: ReturnType<typeof server.client>) =>
    (await client.get<AccountView>("/api/account")).body;
  async function staff() {
    const made = await server.signedUp();
    await db().updateTable("users").set({ is_staff: true }).where("id", "=", made.userId).execute();
    return made;
  }

  it("refuses a weak password, a taken handle and forbidden characters at sign-up", async () => {
    const weak = await server
      .client()
      .post("/api/auth/signup", { ...newAccountBody(), password: "password123" });
    expect(weak.status).toBe(400);
    expect(weak.body.detail).toBe(WEAK_PASSWORD_DETAIL);
    const first = await server.signedUp();
    const handle = (await account(first.client)).handle;
    const taken = await server.client().get(`/api/auth/handle-available?handle=${handle.toUpperCase()}`);
    expect(taken.body).toEqual({ available: false, reason: `The handle @${handle.toUpperCase()} is taken` });
    const bad = await server.client().get("/api/auth/handle-available?handle=no%20spaces!");
    expect(bad.body).toEqual({
      available: false,
      reason: "Handles are 3 to 30 letters, digits or underscores",
    });
    const free = await server.client().get("/api/auth/handle-available?handle=nobody_has_this_1");
    expect(free.body).toEqual({ available: true, reason: null });
    const again = await server.client().post("/api/auth/signup", { ...newAccountBody(), handle });
    expect(again.status).toBe(409);
  });

  it("upgrades by a request staff approve, with the ledger saying so", async () => {
    const user = await server.signedUp();
    const before = await account(user.client);
    expect(before).toMatchObject({
      plan_key: "free",
      subscription: { status: "none" },
      upgrade_method: "request",
    });
    const asked = await user.client.post("/api/account/upgrade-requests", { plan_key: "pro", credits: 500 });
    expect(asked.status).toBe(201);
    expect((await user.client.post("/api/account/upgrade-requests", { plan_key: "pro" })).status).toBe(409);
    expect((await account(user.client)).pending_request).toMatchObject({ plan_key: "pro", credits: 500 });

    const admin = await staff();
    const list = await admin.client.get<{ requests: { id: string; email: string }[] }>(
      "/api/admin/upgrade-requests",
    );
    const mine = list.body.requests.find((request) => request.email === user.email);
    expect(mine).toBeDefined();
    const approved = await admin.client.post(`/api/admin/upgrade-requests/${mine?.id}`, { approve: true });
    expect(approved.status).toBe(200);
    expect(
      (await admin.client.post(`/api/admin/upgrade-requests/${mine?.id}`, { approve: true })).status,
    ).toBe(404);

    const after = await account(user.client);
    expect(after).toMatchObject({ plan_key: "pro", credits: before.credits + 500, pending_request: null });
    expect(after.subscription.status).toBe("active");
    expect(after.ledger[0]).toMatchObject({ kind: "grant", delta: 500, reason: "upgrade request approved" });
    const session = await user.client.get<Session>("/api/session");
    expect(session.body.userPlanKey).toBe("pro");
  });

  it("upgrades by a code once; a reused, unknown or expired code changes nothing", async () => {
    const admin = await staff();
    const made = await admin.client.post<{ codes: { code: string }[] }>("/api/admin/codes", {
      plan_key: "premier",
      credits: 2000,
      count: 2,
    });
    expect(made.status).toBe(201);
    const [code, expiring] = made.body.codes.map((entry) => entry.code);
    const user = await server.signedUp();
    const before = await account(user.client);
    const redeemed = await user.client.post("/api/account/redeem", { code: code.toLowerCase() });
    expect(redeemed.body).toEqual({ plan_key: "premier", credits: 2000 });
    const after = await account(user.client);
    expect(after).toMatchObject({ plan_key: "premier", credits: before.credits + 2000 });
    expect(after.ledger[0]).toMatchObject({ kind: "grant", delta: 2000, reason: `code ${code}` });

    const other = await server.signedUp();
    const reused = await other.client.post("/api/account/redeem", { code });
    expect(reused).toMatchObject({ status: 409, body: { detail: CODE_USED } });
    const unknown = await other.client.post("/api/account/redeem", { code: "ABCD-EFGH-JKMN" });
    expect(unknown).toMatchObject({ status: 400, body: { detail: CODE_NOT_VALID } });
    await db()
      .updateTable("upgrade_codes")
      .set({ expires_at: new Date(0) })
      .where("code", "=", expiring)
      .execute();
    const expired = await other.client.post("/api/account/redeem", { code: expiring });
    expect(expired).toMatchObject({ status: 410, body: { detail: CODE_EXPIRED } });
    expect(await account(other.client)).toMatchObject({ plan_key: "free", ledger: [] });
  });

  it("makes codes on the command line that redeem like the console's", async () => {
    const printed = await runAdminCommand(db(), ["make-code", "none", "300", "2", "7"]);
    const codes = printed.split("\n").map((line) => line.split(" ")[0]);
    expect(codes).toHaveLength(2);
    const user = await server.signedUp();
    const redeemed = await user.client.post("/api/account/redeem", { code: codes[1] });
    expect(redeemed.body).toEqual({ plan_key: null, credits: 300 });
    await expect(runAdminCommand(db(), ["make-code", "none", "0"])).rejects.toThrow(AdminError);
  });

  it("cancels at the period end: the plan stays until then, and is free after", async () => {
    const user = await server.signedUp({ plan: "pro" });
    const cancelled = await user.client.post<{ ends_at: string }>("/api/account/subscription/cancel");
    expect(cancelled.status).toBe(200);
    const view = await account(user.client);
    expect(view.plan_key).toBe("pro");
    expect(view.subscription).toEqual({ status: "cancelled_at_period_end", ends_at: cancelled.body.ends_at });
    expect(new Date(cancelled.body.ends_at).getUTCDate()).toBe(1);
    // The period's end comes: the stored end moves into the past, as time would move it.
    await db()
      .updateTable("users")
      .set({ plan_ends_at: new Date(0) })
      .where("id", "=", user.userId)
      .execute();
    expect(await account(user.client)).toMatchObject({ plan_key: "free", subscription: { status: "none" } });
    const again = await user.client.post("/api/account/subscription/cancel");
    expect(again).toMatchObject({ status: 409, body: { detail: "You have no paid plan to cancel" } });
  });

  it("refuses generations while past due with 402 'Subscription past due.'", async () => {
    const user = await server.signedUp({ plan: "pro", credits: 100 });
    const admin = await staff();
    const changed = await admin.client.post(`/api/admin/users/${user.userId}`, {
      change: "subscription",
      status: "past_due",
    });
    expect(changed.status).toBe(200);
    expect((await account(user.client)).subscription.status).toBe("past_due");
    const refused = await user.client.post("/api/generate/v2/", { gpt_description_prompt: "rain on a roof" });
    expect(refused).toMatchObject({ status: 402, body: { detail: PAST_DUE_MESSAGE } });
    expect((await account(user.client)).credits).toBe(100);
  });

  it("answers 423 to a locked account's writes, and lets it read and sign out", async () => {
    const user = await server.signedUp();
    const admin = await staff();
    await admin.client.post(`/api/admin/users/${user.userId}`, { change: "lock", on: true });
    const write = await user.client.post("/api/account/upgrade-requests", { credits: 500 });
    expect(write).toMatchObject({ status: 423, body: { detail: LOCKED_DETAIL } });
    expect((await user.client.get("/api/account")).status).toBe(200);
    expect((await user.client.post("/api/auth/logout")).status).toBe(204);
  });

  it("changes the password (other sessions end) and the email, with the current password", async () => {
    const user = await server.signedUp();
    const elsewhere = server.client();
    await elsewhere.post("/api/auth/login", { email: user.email, password: "correct horse battery" });
    const wrong = await user.client.post("/api/account/password", {
      current_password: "nope",
      new_password: "another long password",
    });
    expect(wrong.status).toBe(403);
    const weak = await user.client.post("/api/account/password", {
      current_password: "correct horse battery",
      new_password: "abcdefgh",
    });
    expect(weak).toMatchObject({ status: 400, body: { detail: WEAK_PASSWORD_DETAIL } });
    const changed = await user.client.post("/api/account/password", {
      current_password: "correct horse battery",
      new_password: "another long password",
    });
    expect(changed.status).toBe(204);
    expect((await user.client.get("/api/account")).status).toBe(200);
    expect((await elsewhere.get("/api/account")).status).toBe(401);
    const email = `new-${user.email}`;
    const moved = await user.client.post("/api/account/email", { email, password: "another long password" });
    expect(moved.status).toBe(204);
    expect((await account(user.client)).email).toBe(email);
    expect((await user.client.post("/api/account/sign-out-everywhere")).status).toBe(204);
    expect((await user.client.get("/api/account")).status).toBe(401);
  });

  it("deletes an account: everything removed, or public songs kept under an anonymous name", async () => {
    const gone = await server.signedUp();
    await newTestClip(db(), { userId: gone.userId, isPublic: true });
    const removed = await gone.client.post("/api/account/delete", {
      password: "correct horse battery",
      songs: "remove",
      personas: "remove",
    });
    expect(removed.status).toBe(204);
    expect(await db().selectFrom("users").select("id").where("id", "=", gone.userId).execute()).toEqual([]);
    expect(await db().selectFrom("clips").select("id").where("user_id", "=", gone.userId).execute()).toEqual(
      [],
    );

    const kept = await server.signedUp();
    const song = await newTestClip(db(), { userId: kept.userId, isPublic: true });
    const secret = await newTestClip(db(), { userId: kept.userId, isPublic: false });
    await db()
      .insertInto("personas")
      .values({ user_id: kept.userId, root_clip_id: song.id, name: "Voice", is_public: true })
      .execute();
    const refused = await kept.client.post("/api/account/delete", {
      password: "correct horse battery",
      songs: "remove",
      personas: "keep_anonymised",
    });
    expect(refused).toMatchObject({ status: 409, body: { detail: PERSONA_ROOT_DELETE_DETAIL } });
    expect((await account(kept.client)).email).toBe(kept.email);
    const anonymised = await kept.client.post("/api/account/delete", {
      password: "correct horse battery",
      songs: "keep_anonymised",
      personas: "keep_anonymised",
    });
    expect(anonymised.status).toBe(204);
    const row = await db()
      .selectFrom("users")
      .selectAll()
      .where("id", "=", kept.userId)
      .executeTakeFirstOrThrow();
    expect(row.handle).toMatch(/^deleted_/);
    expect(row.email).not.toBe(kept.email);
    const left = await db().selectFrom("clips").select("id").where("user_id", "=", kept.userId).execute();
    expect(left.map((clip) => clip.id)).toEqual([song.id]);
    expect(left.map((clip) => clip.id)).not.toContain(secret.id);
    const signIn = await server
      .client()
      .post("/api/auth/login", { email: kept.email, password: "correct horse battery" });
    expect(signIn.status).toBe(401);
  });

  it("serves the terms with a version and records the version accepted", async () => {
    const user = await server.signedUp();
    const terms = await server
      .client()
      .get<{ version: string; markdown: string; source: string }>("/api/legal/terms");
    expect(terms.body.source).toBe("default");
    expect(terms.body.markdown).toContain("# Terms of Service");
    const stale = await user.client.post("/api/legal/terms/accept", { version: "000000000000" });
    expect(stale.status).toBe(409);
    expect((await user.client.post("/api/legal/terms/accept", { version: terms.body.version })).status).toBe(
      200,
    );
    expect((await account(user.client)).terms_version).toBe(terms.body.version);
    expect((await server.client().get("/api/legal/privacy")).body).toMatchObject({ source: "default" });
    expect((await server.client().get("/api/legal/nothing")).status).toBe(400);
  });
});
