// Who edits a studio project live: its owner always; once the owner marks it shared, the members of
// the shared workspace its song lives in; nobody else, and nobody but the owner in the default workspace.
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
});
