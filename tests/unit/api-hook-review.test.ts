// The staff review queue of hooks: every rendered hook no staff member has looked at, with what
// automatic moderation found; pass posts one, fail takes one off the feed, each written to the
// audit log. Hooks here are rows as a render leaves them: the review reads no files.

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AuditEntry, HookInReview } from "../../src/shared/api/admin.ts";
import type { Hook } from "../../src/shared/api/hooks.ts";
import { startApiServer } from "../api-server.ts";
import { newTestClip, newTestUser } from "../clip-fixtures.ts";
import { newTestHook } from "../hook-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("hook review on %s", (backend) => {
  const server = startApiServer(backend);
  const db = () => server.database().db;

  async function renderedHook(status: "rendered_passed_moderation" | "rendered_failed_moderation") {
    const owner = await newTestUser(db(), server.client());
    const clip = await newTestClip(db(), { userId: owner.id, title: "Reviewed", isPublic: true });
    const id = await newTestHook(db(), {
      userId: owner.id,
      clipId: clip.id,
      title: "hook under review",
      status,
      moderationNote: status === "rendered_failed_moderation" ? "The video is blank" : null,
    });
    return { id, owner };
  }

  it("lists rendered hooks for staff, passes and fails them, and audits each verdict", async () => {
    const staff = await newTestUser(db(), server.client(), { isStaff: true });
    const refused = await renderedHook("rendered_failed_moderation");
    const posted = await renderedHook("rendered_passed_moderation");
    const queue = await staff.client.get<{ hooks: HookInReview[] }>("/api/admin/moderation");
    expect(queue.status).toBe(200);
    const ids = queue.body.hooks.map((hook) => hook.hook_id);
    expect(ids).toContain(refused.id);
    expect(ids).toContain(posted.id);
    expect(queue.body.hooks.find((hook) => hook.hook_id === refused.id)?.moderation_note).toBe(
      "The video is blank",
    );
    const viewer = await newTestUser(db(), server.client());
    // Before the verdicts: the refused hook is hidden, the posted one seen.
    expect((await viewer.client.get(`/api/video/hooks/${refused.id}`)).status).toBe(404);
    expect((await viewer.client.get(`/api/video/hooks/${posted.id}`)).status).toBe(200);
    // Staff see every hook, to review it.
    expect((await staff.client.get<Hook>(`/api/video/hooks/${refused.id}`)).body.status).toBe(
      "rendered_failed_moderation",
    );

    const pass = await staff.client.post<{ hooks: HookInReview[] }>("/api/admin/moderation/hooks", {
      hook_id: refused.id,
      action: "pass",
    });
    expect(pass.status).toBe(200);
    expect(pass.body.hooks.map((hook) => hook.hook_id)).not.toContain(refused.id);
    const fail = await staff.client.post("/api/admin/moderation/hooks", {
      hook_id: posted.id,
      action: "fail",
    });
    expect(fail.status).toBe(200);
    expect((await viewer.client.get<Hook>(`/api/video/hooks/${refused.id}`)).body.status).toBe(
      "rendered_passed_moderation",
    );
    expect((await viewer.client.get(`/api/video/hooks/${posted.id}`)).status).toBe(404);
    // The owner still sees their failed hook, as failed.
    expect((await posted.owner.client.get<Hook>(`/api/video/hooks/${posted.id}`)).body.status).toBe(
      "rendered_failed_moderation",
    );

    const audit = (await staff.client.get<{ entries: AuditEntry[] }>("/api/admin/audit")).body.entries;
    expect(audit.find((entry) => entry.target === refused.id)).toMatchObject({
      action: "hook.pass",
      staff_handle: staff.handle,
    });
    expect(audit.find((entry) => entry.target === posted.id)?.action).toBe("hook.fail");
  });

  it("refuses a hook still rendering, unknown ids, other users (404) and anonymous callers (401)", async () => {
    const staff = await newTestUser(db(), server.client(), { isStaff: true });
    const hook = await renderedHook("rendered_passed_moderation");
    await db().updateTable("hooks").set({ status: "rendering" }).where("id", "=", hook.id).execute();
    const rendering = await staff.client.post("/api/admin/moderation/hooks", {
      hook_id: hook.id,
      action: "pass",
    });
    expect(rendering.status).toBe(404);
    const unknown = await staff.client.post("/api/admin/moderation/hooks", {
      hook_id: randomUUID(),
      action: "fail",
    });
    expect(unknown.status).toBe(404);
    const bad = await staff.client.post("/api/admin/moderation/hooks", { hook_id: hook.id, action: "ban" });
    expect(bad.status).toBe(400);
    const user = await newTestUser(db(), server.client());
    const other = await user.client.post("/api/admin/moderation/hooks", { hook_id: hook.id, action: "fail" });
    expect(other.status).toBe(404);
    const anonymous = await server
      .client()
      .post("/api/admin/moderation/hooks", { hook_id: hook.id, action: "fail" });
    expect(anonymous.status).toBe(401);
    const row = await db()
      .selectFrom("hooks")
      .select("staff_review")
      .where("id", "=", hook.id)
      .executeTakeFirstOrThrow();
    expect(row.staff_review).toBeNull();
  });
});
