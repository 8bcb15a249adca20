import { describe, expect, it } from "vitest";
import type { Session } from "../../src/shared/api/accounts.ts";
import type {
  AdminUser,
  AuditEntry,
  HealthView,
  JobsView,
  ReportedSong,
} from "../../src/shared/api/admin.ts";
import { startApiServer } from "../api-server.ts";
import { newTestClip } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("the staff console's API on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;
  async function staff() {
    const made = await server.signedUp();
    await db().updateTable("users").set({ is_staff: true }).where("id", "=", made.userId).execute();
    return made;
  }
  const auditLog = async (client: ReturnType<typeof server.client>) =>
    (await client.get<{ entries: AuditEntry[] }>("/api/admin/audit")).body.entries;

  it("is not there for other users (404) and asks anonymous callers to sign in (401)", async () => {
    const user = await server.signedUp();
    for (const path of ["/api/admin/users", "/api/admin/audit", "/api/admin/health"]) {
      const other = await user.client.get(path);
      expect(other.status, path).toBe(404);
      expect(other.body.detail).toBe(`No route for GET ${path}`);
      expect((await server.client().get(path)).status, path).toBe(401);
    }
    const grab = await user.client.post(`/api/admin/users/${user.userId}`, { change: "staff", on: true });
    expect(grab.status).toBe(404);
    const session = await user.client.get<Session>("/api/session");
    expect(session.body.isStaff).toBe(false);
  });

  it("finds users, grants credits with a reason, and writes every action to the audit log", async () => {
    const admin = await staff();
    const user = await server.signedUp();
    const found = await admin.client.get<{ users: AdminUser[] }>(
      `/api/admin/users?q=${encodeURIComponent(user.email.slice(0, 12).toUpperCase())}`,
    );
    const target = found.body.users.find((entry) => entry.id === user.userId);
    expect(target).toBeDefined();
    const noReason = await admin.client.post(`/api/admin/users/${user.userId}`, {
      change: "credits",
      amount: 100,
    });
    expect(noReason.status).toBe(400);
    const granted = await admin.client.post<{ user: AdminUser }>(`/api/admin/users/${user.userId}`, {
      change: "credits",
      amount: 100,
      reason: "contest prize",
    });
    expect(granted.body.user.credits).toBe((target?.credits ?? 0) + 100);
    const ledger = await db()
      .selectFrom("credit_ledger")
      .selectAll()
      .where("user_id", "=", user.userId)
      .execute();
    expect(ledger.map((entry) => [entry.delta, entry.reason])).toEqual([[100, "contest prize"]]);
    await admin.client.post(`/api/admin/users/${user.userId}`, { change: "plan", plan_key: "pro" });
    await admin.client.post(`/api/admin/users/${user.userId}`, { change: "flag", flag: "studio", on: true });
    const reset = await admin.client.post<{ password: string }>(`/api/admin/users/${user.userId}`, {
      change: "password",
    });
    const signIn = await server
      .client()
      .post("/api/auth/login", { email: user.email, password: reset.body.password });
    expect(signIn.status).toBe(200);
    const entries = await auditLog(admin.client);
    const mine = entries.filter((entry) => entry.target === user.email).map((entry) => entry.action);
    expect(mine).toEqual(["user.password", "user.flag", "user.plan", "user.credits"]);
    expect(entries.find((entry) => entry.action === "user.credits")).toMatchObject({
      details: { amount: 100, reason: "contest prize" },
    });
    expect(entries.every((entry) => entry.staff_handle !== "")).toBe(true);
  });

  it("rolls a flag out to everyone and back, as the session and /api/statsig/experiment/ show it", async () => {
    const admin = await staff();
    const user = await server.signedUp();
    const flagOf = async () => {
      const session = (await user.client.get<Session>("/api/session")).body.flags["persona-search"];
      const experiment = await user.client.post<{ data: unknown }>("/api/statsig/experiment/", {
        layer_name: "feature_flags",
        parameter_name: "persona-search",
        parameter_type: "boolean",
        parameter_default: false,
      });
      expect(experiment.body.data).toBe(session);
      return session;
    };
    expect(await flagOf()).toBe(false);
    await admin.client.post("/api/admin/flags", { flag: "persona-search", percent: 100 });
    expect(await flagOf()).toBe(true);
    await admin.client.post("/api/admin/flags", { flag: "persona-search", percent: 0 });
    expect(await flagOf()).toBe(false);
    const flags = await admin.client.get<{ flags: { flag: string; percent: number }[] }>("/api/admin/flags");
    expect(flags.body.flags.find((flag) => flag.flag === "persona-search")?.percent).toBe(0);
    expect((await auditLog(admin.client)).filter((entry) => entry.action === "flag.rollout")).toHaveLength(2);
  });

  it("takes a reported song and a reported comment through the moderation queue", async () => {
    const admin = await staff();
    const owner = await server.signedUp();
    const reporter = await server.signedUp();
    const clip = await newTestClip(db(), { userId: owner.userId, isPublic: true, title: "Reported song" });
    const flagged = await reporter.client.post(`/api/gen/${clip.id}/update_flag_state/`, {
      flagged: true,
      flagged_reason: "flag_inappropriate",
    });
    expect(flagged.status).toBe(200);
    const queue = await admin.client.get<{ songs: ReportedSong[] }>("/api/admin/moderation");
    expect(queue.body.songs.find((song) => song.clip_id === clip.id)).toMatchObject({
      title: "Reported song",
      reports: 1,
      reasons: ["flag_inappropriate"],
    });
    const settled = await admin.client.post<{ songs: ReportedSong[] }>("/api/admin/moderation/songs", {
      clip_id: clip.id,
      action: "unpublish",
    });
    expect(settled.body.songs.find((song) => song.clip_id === clip.id)).toBeUndefined();
    const row = await db()
      .selectFrom("clips")
      .select("is_public")
      .where("id", "=", clip.id)
      .executeTakeFirstOrThrow();
    expect(row.is_public).toBe(false);
    const twice = await admin.client.post("/api/admin/moderation/songs", {
      clip_id: clip.id,
      action: "dismiss",
    });
    expect(twice.status).toBe(404);

    const song = await newTestClip(db(), { userId: owner.userId, isPublic: true });
    const comment = await reporter.client.post<{ id: string }>(`/api/gen/${song.id}/comment`, {
      content: "rude words",
    });
    expect(comment.status).toBeLessThan(300);
    const commentId = comment.body.id;
    await owner.client.post(`/api/comment/${commentId}/report`, { reason: "spam" });
    const deleted = await admin.client.post("/api/admin/moderation/comments", {
      comment_id: commentId,
      action: "delete",
    });
    expect(deleted.status).toBe(200);
    expect(await db().selectFrom("comments").select("id").where("id", "=", commentId).execute()).toEqual([]);
    const actions = (await auditLog(admin.client)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["song.unpublish", "comment.delete"]));
  });

  it("sends an announcement, and shows jobs and health", async () => {
    const admin = await staff();
    const user = await server.signedUp();
    const sent = await admin.client.post<{ recipients: number }>("/api/admin/announcements", {
      message: "Maintenance at noon",
    });
    expect(sent.body.recipients).toBeGreaterThan(0);
    const notes = await user.client.get<{ notifications: { notification_type: string }[] }>(
      "/api/notification/v2",
    );
    expect(notes.body.notifications.map((note) => note.notification_type)).toContain("announcement");
    const failed = await newTestClip(db(), { userId: user.userId, status: "error", title: "Broken" });
    const jobs = await admin.client.get<JobsView>("/api/admin/jobs");
    expect(jobs.body.failed.find((clip) => clip.clip_id === failed.id)).toMatchObject({ refunded: false });
    const health = await admin.client.get<HealthView>("/api/admin/health");
    expect(health.body.database).toMatchObject({ backend, reachable: true });
    expect(health.body.storage).toEqual({ writable: true, detail: null });
    expect(health.body.counts.users).toBeGreaterThan(1);
  });
});
