import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { AdminError, runAdminCommand } from "../../src/server/admin/commands.ts";
import { createSession } from "../../src/server/auth/sessions.ts";
import { refundCredits, reserveCredits } from "../../src/server/billing/credits.ts";
import { checkDownload, recordDownload } from "../../src/server/billing/download-quota.ts";
import type { User } from "../../src/server/db/schema.ts";
import { HttpError } from "../../src/server/http/errors.ts";
import type { Session } from "../../src/shared/api/accounts.ts";
import {
  type BillingInfo,
  type BillingModelsResponse,
  type ClipDownloadResponse,
  type DownloadUsage,
  FREE_MONTHLY_DOWNLOADS,
  MODELS,
  modelTierFromKey,
  NOT_ENOUGH_CREDITS_DETAIL,
} from "../../src/shared/api/billing.ts";
import { startApiServer } from "../api-server.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("billing and credits on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;

  const userById = (id: string): Promise<User> =>
    db().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const setCredits = (id: string, credits: number) =>
    db().updateTable("users").set({ credits }).where("id", "=", id).execute();
  const ledgerOf = (id: string) =>
    db().selectFrom("credit_ledger").selectAll().where("user_id", "=", id).orderBy("id").execute();
  let userCount = 0;
  /** A user made in the database with a session: signing up hashes a password, too slow for every test. */
  async function newUser() {
    userCount++;
    const tag = `${process.pid}_${userCount}_${Math.random().toString(36).slice(2, 8)}`;
    const user = await db()
      .insertInto("users")
      .values({
        email: `billing${tag}@example.com`,
        handle: `b_${tag}`.slice(0, 30),
        display_name: "B",
        password_hash: "x",
        credits: 50,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const token = await createSession(db(), user.id);
    return { client: server.client().withToken(token), email: user.email, userId: user.id };
  }
  async function newClip(userId: string, options: { isPublic?: boolean; trashed?: boolean } = {}) {
    const { rows } = await sql<{ id: string }>`
      insert into clips (user_id, title, status, is_public, is_trashed)
      values (${userId}, 'A song', 'complete', ${options.isPublic ?? true}, ${options.trashed ?? false})
      returning id`.execute(db());
    return { id: rows[0].id, user_id: userId };
  }

  it("answers billing info: credits left, this month, the plan's limit and usage", async () => {
    const { client } = await server.signedUp();
    const info = await client.get<BillingInfo>("/api/billing/info/");
    expect(info.status).toBe(200);
    const now = new Date();
    expect(info.body).toMatchObject({
      total_credits_left: 50,
      monthly_limit: 50,
      monthly_usage: 0,
      plan_key: "free",
      is_staff: false,
      period: null,
      billing_period: {
        start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
        end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      },
    });
    expect(info.body.models.map((model) => model.external_key)).toEqual(MODELS.map((m) => m.external_key));
    expect((await client.get("/api/billing/info")).status).toBe(200);
    const signedOut = await server.client().get("/api/billing/info/");
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ detail: "Sign in to continue" });
  });

  it("lists the models with can_use by plan and their text limits", async () => {
    const anonymous = await server.client().get<BillingModelsResponse>("/api/billing/models/");
    expect(anonymous.status).toBe(200);
    const usable = (response: { body: BillingModelsResponse }) =>
      response.body.models.filter((model) => model.can_use).map((model) => model.external_key);
    expect(usable(anonymous)).toEqual(["chirp-v3-0", "chirp-v3-5"]);
    for (const model of anonymous.body.models) {
      expect(Object.keys(model.max_lengths).sort()).toEqual(
        ["gpt_description_prompt", "negative_tags", "prompt", "tags", "title"].sort(),
      );
      expect(model.name).toBe(modelTierFromKey(model.external_key));
    }
    expect(anonymous.body.models.find((m) => m.external_key === "chirp-crow")?.max_lengths.prompt).toBe(5000);

    const user = await newUser();
    expect(usable(await user.client.get<BillingModelsResponse>("/api/billing/models"))).toEqual([
      "chirp-v3-0",
      "chirp-v3-5",
    ]);
    await runAdminCommand(db(), ["set-plan", user.email, "pro"]);
    expect(usable(await user.client.get<BillingModelsResponse>("/api/billing/models/"))).toEqual(
      MODELS.map((model) => model.external_key),
    );
    const flagged = await newUser();
    await runAdminCommand(db(), ["set-flag", flagged.email, "skip-paywall", "on"]);
    expect(usable(await flagged.client.get<BillingModelsResponse>("/api/billing/models/"))).toHaveLength(
      MODELS.length,
    );
  });

  it("maps model keys to tiers by the fragments of their keys", () => {
    expect(
      [
        "chirp-v3-0",
        "chirp-v3-5",
        "chirp-v4",
        "chirp-auk",
        "chirp-bluejay",
        "chirp-crow",
        "chirp-v5",
        "x",
      ].map(modelTierFromKey),
    ).toEqual(["V3", "V3.5", "V4", "V4.5", "V4.5+", "V5", "V5", "V3.5"]);
  });

  it("reserves credits atomically under concurrent requests, and refunds restore them", async () => {
    const { client, userId } = await newUser();
    await setCredits(userId, 50);
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => reserveCredits(db(), userId, 10, "generation", [`clip-${i}`])),
    );
    const granted = attempts.filter((attempt) => attempt.status === "fulfilled");
    const refused = attempts.filter((attempt) => attempt.status === "rejected");
    expect(granted).toHaveLength(5);
    for (const attempt of refused) {
      expect(attempt.reason).toBeInstanceOf(HttpError);
      expect(attempt.reason).toMatchObject({ statusCode: 402, detail: NOT_ENOUGH_CREDITS_DETAIL });
    }
    expect((await userById(userId)).credits).toBe(0);
    const ledger = await ledgerOf(userId);
    expect(ledger).toHaveLength(5);
    expect(ledger.every((entry) => entry.kind === "reserve" && entry.delta === -10)).toBe(true);
    expect(ledger.map((entry) => entry.balance_after).sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40]);
    expect((await client.get<BillingInfo>("/api/billing/info/")).body).toMatchObject({
      total_credits_left: 0,
      monthly_usage: 50,
    });

    const reservations = granted.map(
      (attempt) => (attempt as PromiseFulfilledResult<{ entryId: number }>).value,
    );
    const refunds = await Promise.all(
      reservations.map((reservation) =>
        refundCredits(db(), userId, 10, "generation failed", [], { refundOf: reservation.entryId }),
      ),
    );
    expect(refunds.map((refund) => refund.amount)).toEqual([10, 10, 10, 10, 10]);
    expect((await userById(userId)).credits).toBe(50);
    // Settling the same failure twice gives nothing more back.
    const again = await refundCredits(db(), userId, 10, "generation failed", [], {
      refundOf: reservations[0].entryId,
    });
    expect(again).toMatchObject({ entryId: null, amount: 0, balance: 50 });
    expect((await ledgerOf(userId)).filter((entry) => entry.kind === "refund")).toHaveLength(5);
    expect((await client.get<BillingInfo>("/api/billing/info/")).body).toMatchObject({
      total_credits_left: 50,
      monthly_usage: 0,
    });
  });

  it("refuses a reservation above the balance and leaves no trace", async () => {
    const { userId } = await newUser();
    await setCredits(userId, 9);
    await expect(reserveCredits(db(), userId, 10, "generation")).rejects.toMatchObject({
      statusCode: 402,
      detail: "Need at least 10 credits to create.",
    });
    expect((await userById(userId)).credits).toBe(9);
    expect(await ledgerOf(userId)).toEqual([]);
  });

  it("reserves inside the caller's transaction: undone with it", async () => {
    const { userId } = await newUser();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await reserveCredits(trx, userId, 10, "generation");
          throw new Error("the generation could not be queued");
        }),
    ).rejects.toThrow("could not be queued");
    expect((await userById(userId)).credits).toBe(50);
    expect(await ledgerOf(userId)).toEqual([]);
  });

  it("answers download usage for the month and whether the clip is the user's", async () => {
    const { client, userId } = await newUser();
    const other = await newUser();
    const own = await newClip(userId, { isPublic: false });
    const theirs = await newClip(other.userId);
    const usage = await client.get<DownloadUsage>("/api/billing/download-usage");
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({
      downloads_used: 0,
      downloads_limit: FREE_MONTHLY_DOWNLOADS,
      downloads_remaining: FREE_MONTHLY_DOWNLOADS,
      has_unlimited_downloads: false,
      clip_owned_by_user: false,
    });
    expect(
      (await client.get<DownloadUsage>(`/api/billing/download-usage?clip_id=${own.id}`)).body
        .clip_owned_by_user,
    ).toBe(true);
    expect(
      (await client.get<DownloadUsage>(`/api/billing/download-usage?clip_id=${theirs.id}`)).body
        .clip_owned_by_user,
    ).toBe(false);
    const hidden = await newClip(other.userId, { isPublic: false });
    expect((await client.get(`/api/billing/download-usage?clip_id=${hidden.id}`)).status).toBe(404);
    const bad = await client.get("/api/billing/download-usage?clip_id=nope");
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^Invalid query: clip_id: /);
    expect((await server.client().get("/api/billing/download-usage")).status).toBe(401);
  });

  it("applies the quota: owners and unlimited users always, others while downloads remain", async () => {
    const downloader = await newUser();
    const owner = await newUser();
    const user = await userById(downloader.userId);
    const clips = await Promise.all(
      Array.from({ length: FREE_MONTHLY_DOWNLOADS + 1 }, () => newClip(owner.userId)),
    );
    for (const clip of clips.slice(0, FREE_MONTHLY_DOWNLOADS)) await recordDownload(db(), user, clip, "mp3");
    const last = clips[FREE_MONTHLY_DOWNLOADS];
    expect(await checkDownload(db(), user, last)).toMatchObject({
      allowed: false,
      usage: { downloads_used: FREE_MONTHLY_DOWNLOADS, downloads_remaining: 0 },
    });
    await expect(recordDownload(db(), user, last, "mp3")).rejects.toMatchObject({ statusCode: 403 });
    // The same song again this month (any format) costs nothing and is allowed.
    expect((await checkDownload(db(), user, clips[0])).allowed).toBe(true);
    expect((await recordDownload(db(), user, clips[0], "wav")).downloads_used).toBe(FREE_MONTHLY_DOWNLOADS);
    // Their own songs, always.
    const own = await newClip(downloader.userId);
    expect(await checkDownload(db(), user, own)).toMatchObject({
      allowed: true,
      usage: { clip_owned_by_user: true },
    });
    expect((await recordDownload(db(), user, own, "mp3")).downloads_used).toBe(FREE_MONTHLY_DOWNLOADS);
    const usage = await downloader.client.get<DownloadUsage>(
      `/api/billing/download-usage?clip_id=${last.id}`,
    );
    expect(usage.body).toMatchObject({ downloads_used: FREE_MONTHLY_DOWNLOADS, downloads_remaining: 0 });

    await runAdminCommand(db(), ["set-plan", downloader.email, "premier"]);
    const premier = await userById(downloader.userId);
    expect(await checkDownload(db(), premier, last)).toMatchObject({
      allowed: true,
      usage: { has_unlimited_downloads: true, downloads_limit: null, downloads_remaining: null },
    });
    expect((await recordDownload(db(), premier, last, "wav")).downloads_used).toBe(
      FREE_MONTHLY_DOWNLOADS + 1,
    );
  });

  it("counts MP3 downloads through POST /api/billing/clips/{id}/download/", async () => {
    const downloader = await newUser();
    const owner = await newUser();
    const clips = await Promise.all(
      Array.from({ length: FREE_MONTHLY_DOWNLOADS + 1 }, () => newClip(owner.userId)),
    );
    const download = (id: string) =>
      downloader.client.post<ClipDownloadResponse & { detail?: string }>(
        `/api/billing/clips/${id}/download/`,
      );
    const first = await download(clips[0].id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ downloads_used: 1, downloads_remaining: FREE_MONTHLY_DOWNLOADS - 1 });
    expect(first.body.download_url).toBeNull(); // the test clips have no audio stored
    for (const clip of clips.slice(1, FREE_MONTHLY_DOWNLOADS))
      expect((await download(clip.id)).status).toBe(200);
    const refused = await download(clips[FREE_MONTHLY_DOWNLOADS].id);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/^You have used all 10 downloads/);
    expect((await download(clips[0].id)).status).toBe(200);
    const own = await newClip(downloader.userId, { isPublic: false });
    expect((await download(own.id)).body).toMatchObject({ clip_owned_by_user: true, downloads_remaining: 0 });
    expect((await download((await newClip(owner.userId, { isPublic: false })).id)).status).toBe(404);
    await sql`update clips set status = 'streaming' where id = ${own.id}`.execute(db());
    expect((await download(own.id)).status).toBe(409);
    expect((await server.client().post(`/api/billing/clips/${own.id}/download/`)).status).toBe(401);
  });

  it("does not overrun the quota under concurrent downloads", async () => {
    const downloader = await newUser();
    const owner = await newUser();
    const user = await userById(downloader.userId);
    const clips = await Promise.all(
      Array.from({ length: FREE_MONTHLY_DOWNLOADS + 4 }, () => newClip(owner.userId)),
    );
    const results = await Promise.allSettled(clips.map((clip) => recordDownload(db(), user, clip, "mp3")));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(FREE_MONTHLY_DOWNLOADS);
    const usage = await downloader.client.get<DownloadUsage>("/api/billing/download-usage");
    expect(usage.body).toMatchObject({ downloads_used: FREE_MONTHLY_DOWNLOADS, downloads_remaining: 0 });
  });

  it("grants credits, plans, flags and staff through the admin command", async () => {
    const { client, email, userId } = await newUser();
    expect(await runAdminCommand(db(), ["grant-credits", email.toUpperCase(), "25"])).toContain("75 credits");
    expect((await userById(userId)).credits).toBe(75);
    expect((await ledgerOf(userId)).map((entry) => [entry.kind, entry.delta, entry.balance_after])).toEqual([
      ["grant", 25, 75],
    ]);
    await runAdminCommand(db(), ["grant-credits", email, "-70"]);
    await expect(runAdminCommand(db(), ["grant-credits", email, "-6"])).rejects.toThrow(
      "Cannot remove 6 credits: the balance is 5",
    );
    expect((await userById(userId)).credits).toBe(5);

    await runAdminCommand(db(), ["set-plan", email, "premier"]);
    await runAdminCommand(db(), ["set-flag", email, "studio", "on"]);
    await runAdminCommand(db(), ["set-flag", email, "studio", "on"]);
    await runAdminCommand(db(), ["set-flag", email, "collab-workspaces", "on"]);
    await runAdminCommand(db(), ["set-staff", email, "on"]);
    const session = (await client.get<Session>("/api/session")).body;
    expect(session).toMatchObject({ userPlanKey: "premier", roles: { pro: true }, isStaff: true });
    expect(session.flags.studio).toBe(true);
    expect(session.flags["collab-workspaces"]).toBe(true);
    expect((await userById(userId)).flags).toEqual(["studio", "collab-workspaces"]);
    expect((await client.get<BillingInfo>("/api/billing/info/")).body).toMatchObject({
      monthly_limit: 10_000,
      plan_key: "premier",
      is_staff: true,
    });

    await runAdminCommand(db(), ["set-flag", email, "studio", "off"]);
    await runAdminCommand(db(), ["set-staff", email, "off"]);
    const after = (await client.get<Session>("/api/session")).body;
    expect(after.flags.studio).toBe(false);
    expect(after.isStaff).toBe(false);
    expect(await runAdminCommand(db(), ["show", email])).toBe(
      `${email}: plan premier, 5 credits, staff no, flags collab-workspaces`,
    );
  });

  it.each([
    [["set-plan", "nobody@example.com", "pro"], /No account with the email nobody@example.com/],
    [["set-plan", "EMAIL", "gold"], /Plans are free, pro, premier, not gold/],
    [["set-flag", "EMAIL", "no-such-flag", "on"], /Unknown flag no-such-flag/],
    [["set-staff", "EMAIL", "yes"], /Say on or off, not yes/],
    [["grant-credits", "EMAIL", "ten"], /whole number of credits, not ten/],
    [["frobnicate", "EMAIL"], /Unknown command frobnicate/],
  ])("refuses a bad admin command with a message (%#)", async (args, message) => {
    const { email } = await newUser();
    const run = runAdminCommand(
      db(),
      args.map((arg) => (arg === "EMAIL" ? email : arg)),
    );
    await expect(run).rejects.toBeInstanceOf(AdminError);
    await expect(run).rejects.toThrow(message);
  });
});
