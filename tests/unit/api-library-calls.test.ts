// The library's server calls added for /me: GET /api/clips/{clip_id}/project, on both databases,
// for the clip's owner, another user and an anonymous caller.

import { describe, expect, it } from "vitest";
import {
  DEFAULT_WORKSPACE_ID,
  WORKSPACE_NOT_FOUND,
  type WorkspaceSummary,
  workspaceSummarySchema,
} from "../../src/shared/api/workspaces.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

describe.each(BACKENDS)("a clip's workspace on %s", (backend) => {
  const {
    server,
    db,
    users: { owner, other },
  } = startApiServerWithUsers(backend, { owner: {}, other: {} });
  const workspaceOf = (client: ReturnType<typeof server.client>, clipId: string) =>
    client.get<WorkspaceSummary & { detail?: string }>(`/api/clips/${clipId}/project`);

  it("answers the owner with the workspace the clip is in, or the default one", async () => {
    const made = await owner.client.post<WorkspaceSummary>("/api/project", { name: "Demos" });
    expect(made.status).toBe(200);
    const moved = await newTestClip(db(), { userId: owner.id, title: "In Demos", projectId: made.body.id });
    const loose = await newTestClip(db(), { userId: owner.id, title: "Loose" });

    const inDemos = await workspaceOf(owner.client, moved.id);
    expect(inDemos.status).toBe(200);
    expect(workspaceSummarySchema.parse(inDemos.body)).toMatchObject({
      id: made.body.id,
      name: "Demos",
      clip_count: 1,
    });

    const inDefault = await workspaceOf(owner.client, loose.id);
    expect(inDefault.status).toBe(200);
    expect(inDefault.body.id).toBe(DEFAULT_WORKSPACE_ID);
    expect(inDefault.body.owner.user_id).toBe(owner.id);
  });

  it("tells another user nothing of the workspace, even of a public clip; a hidden clip is not found", async () => {
    const made = await owner.client.post<WorkspaceSummary>("/api/project", { name: "Private plans" });
    const shown = await newTestClip(db(), { userId: owner.id, isPublic: true, projectId: made.body.id });
    const hidden = await newTestClip(db(), { userId: owner.id, projectId: made.body.id });
    const ofPublic = await workspaceOf(other.client, shown.id);
    expect(ofPublic.status).toBe(404);
    expect(ofPublic.body.detail).toBe(WORKSPACE_NOT_FOUND);
    expect(JSON.stringify(ofPublic.body)).not.toContain("Private plans");
    const ofHidden = await workspaceOf(other.client, hidden.id);
    expect(ofHidden.status).toBe(404);
    expect(typeof ofHidden.body.detail).toBe("string");
  });

  it("asks an anonymous caller to sign in, and refuses an id that is no clip id", async () => {
    const clip = await newTestClip(db(), { userId: owner.id, isPublic: true });
    const anonymous = await workspaceOf(server.client(), clip.id);
    expect(anonymous.status).toBe(401);
    expect(typeof anonymous.body.detail).toBe("string");
    const malformed = await workspaceOf(owner.client, "not-a-clip");
    expect(malformed.status).toBe(400);
    expect(typeof malformed.body.detail).toBe("string");
  });
});
