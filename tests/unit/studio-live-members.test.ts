// Who edits a studio project live: its owner always; once the owner marks it shared, the members of
// the shared workspace its song lives in; nobody else, and nobody but the owner in the default workspace.
// The project's page is told the same (is_live_member), with the collab-workspaces flag.
import { describe, expect, it } from "vitest";
import { studioProjectWorkspace, workspaceMembers } from "../../src/server/studio-live/members.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { collaborationCalls } from "../workspace-collaboration-calls.ts";

describe.each(BACKENDS)("live editors of a studio project on %s", (backend) => {
  const { server, db } = startApiServerWithUsers(backend, {});
  const { user, sharedWorkspace } = collaborationCalls(server, db);

  async function projectFor(ownerId: string, workspaceId: string | null, shared: boolean) {
    const clip = await newTestClip(db(), { userId: ownerId, title: "Band take", projectId: workspaceId });
    const project = await db()
      .insertInto("studio_projects")
      .values({ user_id: ownerId, title: "Band take", is_shared: shared, source_clip_id: clip.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    return project.id;
  }

  it("lets the owner and a shared workspace's collaborator in, once the project is marked shared", async () => {
    const { owner, member, workspace } = await sharedWorkspace();
    const stranger = await user();
    const shared = await projectFor(owner.id, workspace.id, true);
    expect(await workspaceMembers(db(), shared, owner.id)).toBe(true);
    expect(await workspaceMembers(db(), shared, member.id)).toBe(true);
    expect(await workspaceMembers(db(), shared, stranger.id)).toBe(false);
    const notShared = await projectFor(owner.id, workspace.id, false);
    expect(await workspaceMembers(db(), notShared, owner.id)).toBe(true);
    expect(await workspaceMembers(db(), notShared, member.id)).toBe(false);
  });

  it("keeps a project of the default workspace its owner's, and knows no missing project", async () => {
    const { owner, member } = await sharedWorkspace();
    const ownDefault = await projectFor(owner.id, null, true);
    expect(await workspaceMembers(db(), ownDefault, owner.id)).toBe(true);
    expect(await workspaceMembers(db(), ownDefault, member.id)).toBe(false);
    expect(await workspaceMembers(db(), crypto.randomUUID(), owner.id)).toBe(false);
  });

  it("puts a studio project's new songs in the workspace of its song, for those who may edit it", async () => {
    const { owner, member, workspace } = await sharedWorkspace();
    const stranger = await user();
    const shared = await projectFor(owner.id, workspace.id, true);
    expect(await studioProjectWorkspace(db(), shared, owner.id)).toBe(workspace.id);
    expect(await studioProjectWorkspace(db(), shared, member.id)).toBe(workspace.id);
    // Someone who may not edit the project, or a project of the default workspace: the default.
    expect(await studioProjectWorkspace(db(), shared, stranger.id)).toBeNull();
    expect(
      await studioProjectWorkspace(db(), await projectFor(owner.id, workspace.id, false), member.id),
    ).toBeNull();
    expect(await studioProjectWorkspace(db(), await projectFor(owner.id, null, true), owner.id)).toBeNull();
    // Free text from a request's metadata names no project.
    expect(await studioProjectWorkspace(db(), "project-9", owner.id)).toBeNull();
    expect(await studioProjectWorkspace(db(), null, owner.id)).toBeNull();
  });

  it("tells each viewer's page whether they edit it live: owner, flagged member once shared; no one else", async () => {
    const { owner, member, workspace } = await sharedWorkspace();
    const stranger = await user(true);
    const clip = await newTestClip(db(), { userId: owner.id, projectId: workspace.id, status: "complete" });
    const opened = await owner.client.post<{ id: string }>(
      `/api/studio/create-or-load-project-for-clip/${clip.id}`,
    );
    expect(opened.status).toBe(201);
    const load = (client: typeof owner.client) =>
      client.get<{ is_live_member?: boolean; detail?: string }>(`/api/studio/project/${opened.body.id}`);
    expect((await load(owner.client)).body.is_live_member).toBe(true);
    expect((await load(member.client)).status).toBe(404);
    expect(
      (await owner.client.post(`/api/studio/project/${opened.body.id}/share`, { is_shared: true })).status,
    ).toBe(200);
    // Without the collab-workspaces flag a member reads it, as anyone signed in may.
    expect((await load(member.client)).body.is_live_member).toBe(false);
    await db()
      .updateTable("users")
      .set({ flags: ["collab-workspaces"] })
      .where("id", "=", member.id)
      .execute();
    expect((await load(member.client)).body.is_live_member).toBe(true);
    const reader = await load(stranger.client);
    expect(reader.status).toBe(200);
    expect(reader.body.is_live_member).toBe(false);
    const anonymous = await load(server.client());
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toBe("Sign in to continue");
  });
});
