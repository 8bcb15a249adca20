// Calls of the shared-workspace tests: users with or without the collab-workspaces flag, invites,
// answers, collaborators, and a workspace already shared with one collaborator.

import type { Kysely } from "kysely";
import { expect } from "vitest";
import type { Database } from "../src/server/db/schema.ts";
import {
  type CollaboratorsResponse,
  type Invite,
  type InvitesResponse,
  invitesResponseSchema,
} from "../src/shared/api/workspace-collaboration.ts";
import type { WorkspaceResponse, WorkspaceSummary } from "../src/shared/api/workspaces.ts";
import type { ApiClient } from "./api-server.ts";
import { newTestUser, type TestUser } from "./clip-fixtures.ts";

export type Answer<T> = T & { detail?: string };

export function collaborationCalls(server: { client(): ApiClient }, db: () => Kysely<Database>) {
  /** A fresh user; with the collab-workspaces flag when asked. */
  const user = async (flagged = false): Promise<TestUser> => {
    const made = await newTestUser(db(), server.client());
    if (flagged) {
      await db()
        .updateTable("users")
        .set({ flags: ["collab-workspaces"] })
        .where("id", "=", made.id)
        .execute();
    }
    return made;
  };
  const workspaceOf = async (owner: TestUser, name = "Band") =>
    (await owner.client.post<WorkspaceSummary>("/api/project", { name })).body;
  const invite = (owner: TestUser, workspaceId: string, invitedUserId: string) =>
    owner.client.post<Answer<Invite>>(`/api/project/${workspaceId}/invite`, {
      invited_user_id: invitedUserId,
    });
  const invites = async (who: TestUser) =>
    invitesResponseSchema.parse((await who.client.get<InvitesResponse>("/api/project/invites")).body).invites;
  const answer = (who: TestUser, inviteId: string, status: string) =>
    who.client.request<Answer<Invite>>("PUT", `/api/project/invites/${inviteId}`, { status });
  const collaborators = (who: TestUser, workspaceId: string) =>
    who.client.get<Answer<CollaboratorsResponse>>(`/api/project/${workspaceId}/collaborators`);
  const remove = (owner: TestUser, workspaceId: string, userId: string) =>
    owner.client.request<Answer<object>>("DELETE", `/api/project/${workspaceId}/collaborators`, {
      invited_user_id: userId,
    });
  const leave = (who: TestUser, workspaceId: string) =>
    who.client.request<Answer<object>>("DELETE", `/api/project/${workspaceId}/collaborators/me`);
  const load = (who: TestUser, workspaceId: string) =>
    who.client.get<Answer<WorkspaceResponse>>(`/api/project/${workspaceId}`);
  const addClips = (who: TestUser, workspaceId: string, clipIds: string[]) =>
    who.client.post<Answer<object>>(`/api/project/${workspaceId}/clips`, {
      update_type: "add",
      metadata: { clip_ids: clipIds },
    });

  /** An owner with the flag, a workspace of theirs, and a collaborator who accepted its invite. */
  async function sharedWorkspace() {
    const owner = await user(true);
    const member = await user();
    const workspace = await workspaceOf(owner);
    const sent = await invite(owner, workspace.id, member.id);
    expect(sent.status).toBe(200);
    expect((await answer(member, sent.body.id, "accepted")).status).toBe(200);
    return { owner, member, workspace };
  }
  return {
    user,
    workspaceOf,
    invite,
    invites,
    answer,
    collaborators,
    remove,
    leave,
    load,
    addClips,
    sharedWorkspace,
  };
}
