import { describe, expect, it } from "vitest";
import type { NotificationListResponse } from "../../src/shared/api/notifications.ts";
import { projectChannel, REALTIME_PATH, type RealtimeServerMessage } from "../../src/shared/api/realtime.ts";
import {
  COLLAB_FLAG_OFF,
  COLLABORATOR_NOT_FOUND,
  collaboratorsResponseSchema,
  INVITE_NOT_FOUND,
  inviteSchema,
} from "../../src/shared/api/workspace-collaboration.ts";
import { type MyWorkspacesResponse, WORKSPACE_NOT_FOUND } from "../../src/shared/api/workspaces.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { TestSocket } from "../test-socket.ts";
import { type Answer, collaborationCalls } from "../workspace-collaboration-calls.ts";

describe.each(BACKENDS)("shared workspaces on %s", (backend) => {
  const { server, db } = startApiServerWithUsers(backend, {});

  const {
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
  } = collaborationCalls(server, db);

  it("invites a user, who sees the invite and a notification, and accepts it: the workspace is shared", async () => {
    const owner = await user(true);
    const invitee = await user();
    const workspace = await workspaceOf(owner, "Demo tapes");
    const sent = await invite(owner, workspace.id, invitee.id);
    expect(sent.status).toBe(200);
    expect(inviteSchema.parse(sent.body)).toMatchObject({
      project_id: workspace.id,
      project_name: "Demo tapes",
      status: "pending",
      invited_user: { user_id: invitee.id, handle: invitee.handle },
      invited_by: { user_id: owner.id, handle: owner.handle },
    });
    expect((await invites(invitee)).map((item) => item.id)).toEqual([sent.body.id]);
    expect(await invites(owner)).toEqual([]);
    const notices = (await invitee.client.get<NotificationListResponse>("/api/notification/v2")).body;
    expect(notices.notifications[0]).toMatchObject({
      notification_type: "workspace_invite",
      content: { project_id: workspace.id, title: "Demo tapes" },
      user_profiles: [{ handle: owner.handle }],
    });
    // Before accepting, the workspace is still not theirs to see.
    expect((await load(invitee, workspace.id)).status).toBe(404);

    const accepted = await answer(invitee, sent.body.id, "accepted");
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe("accepted");
    expect(await invites(invitee)).toEqual([]);
    expect((await load(owner, workspace.id)).body.shared).toBe(true);
    const theirs = (await invitee.client.get<MyWorkspacesResponse>("/api/project/me")).body.projects;
    expect(theirs.find((item) => item.id === workspace.id)).toMatchObject({
      shared: true,
      owner: { user_id: owner.id, handle: owner.handle },
    });
    const list = await collaborators(owner, workspace.id);
    expect(collaboratorsResponseSchema.parse(list.body)).toMatchObject({
      owner: { user_id: owner.id },
      collaborators: [{ user_id: invitee.id, handle: invitee.handle }],
      pending_invites: [],
    });
    // Answered once: a second answer is a conflict.
    const again = await answer(invitee, sent.body.id, "declined");
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("This invite was already accepted");
  });

  it("declines an invite: nothing is shared, and the owner may invite again", async () => {
    const owner = await user(true);
    const invitee = await user();
    const workspace = await workspaceOf(owner);
    const sent = await invite(owner, workspace.id, invitee.id);
    const declined = await answer(invitee, sent.body.id, "declined");
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe("declined");
    expect(await invites(invitee)).toEqual([]);
    expect((await load(invitee, workspace.id)).status).toBe(404);
    expect((await load(owner, workspace.id)).body.shared).toBe(false);
    const resent = await invite(owner, workspace.id, invitee.id);
    expect(resent.status).toBe(200);
    expect((await invites(invitee)).map((item) => item.status)).toEqual(["pending"]);
  });

  it("refuses bad invites and answers with a clear detail", async () => {
    const owner = await user(true);
    const invitee = await user();
    const stranger = await user();
    const workspace = await workspaceOf(owner);
    const self = await invite(owner, workspace.id, owner.id);
    expect(self.status).toBe(400);
    expect(self.body.detail).toBe("You cannot invite yourself");
    const unknown = await invite(owner, workspace.id, "00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("User not found");
    const malformed = await invite(owner, workspace.id, "someone");
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toContain("Give the user's id (a UUID)");
    const sent = await invite(owner, workspace.id, invitee.id);
    const duplicate = await invite(owner, workspace.id, invitee.id);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe("This user is already invited");
    // Someone else's invite is as missing as an unknown one.
    const theirs = await answer(stranger, sent.body.id, "accepted");
    expect(theirs.status).toBe(404);
    expect(theirs.body.detail).toBe(INVITE_NOT_FOUND);
    const badStatus = await answer(invitee, sent.body.id, "maybe");
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.detail).toContain("Answer with status accepted or declined");
    await answer(invitee, sent.body.id, "accepted");
    const member = await invite(owner, workspace.id, invitee.id);
    expect(member.status).toBe(409);
    expect(member.body.detail).toBe("This user is already a collaborator");
    // Without the flag, nobody shares; the default workspace is never shared.
    const unflagged = await user();
    const plain = await workspaceOf(unflagged);
    const off = await invite(unflagged, plain.id, invitee.id);
    expect(off.status).toBe(403);
    expect(off.body.detail).toBe(COLLAB_FLAG_OFF);
    const defaultOne = await invite(owner, "default", invitee.id);
    expect(defaultOne.status).toBe(400);
    expect(defaultOne.body.detail).toBe("The default workspace cannot be shared");
  });

  it("lets collaborators add, pin, move and remove clips, and only the owner rename, archive, invite or remove", async () => {
    const { owner, member, workspace } = await sharedWorkspace();
    const stranger = await user(true);
    const ownerClip = await newTestClip(db(), { userId: owner.id, title: "owner song" });
    const memberClip = await newTestClip(db(), { userId: member.id, title: "member song" });
    const strangerClip = await newTestClip(db(), { userId: stranger.id });
    expect((await addClips(owner, workspace.id, [ownerClip.id])).status).toBe(200);
    expect((await addClips(member, workspace.id, [memberClip.id])).status).toBe(200);
    // Only one's own clips go in.
    expect((await addClips(member, workspace.id, [strangerClip.id])).status).toBe(404);
    const seen = await load(member, workspace.id);
    expect(seen.status).toBe(200);
    expect(seen.body.project_clips.map((entry) => entry.clip.id).sort()).toEqual(
      [ownerClip.id, memberClip.id].sort(),
    );
    const pinned = await member.client.post(`/api/project/${workspace.id}/clips`, {
      update_type: "pinned",
      metadata: { clip_ids: [ownerClip.id], pinned: true },
    });
    expect(pinned.status).toBe(200);
    expect((await load(owner, workspace.id)).body.pinned_clips.map((entry) => entry.clip.id)).toEqual([
      ownerClip.id,
    ]);

    // A member moves their own clips out (to a workspace of theirs), not anyone else's.
    const own = await workspaceOf(member, "Solo");
    const move = (clipId: string) =>
      member.client.post(`/api/project/${workspace.id}/clips`, {
        update_type: "move",
        metadata: { clip_ids: [clipId], target_project_id: own.id },
      });
    expect((await move(ownerClip.id)).status).toBe(404);
    expect((await move(memberClip.id)).status).toBe(200);
    expect((await load(owner, workspace.id)).body.project_clips.map((entry) => entry.clip.id)).toEqual([
      ownerClip.id,
    ]);

    // Owner-only actions tell a collaborator so; a stranger learns nothing (404).
    const renamed = await member.client.post<Answer<object>>(`/api/project/${workspace.id}/metadata`, {
      name: "Mine now",
    });
    expect(renamed.status).toBe(403);
    expect(renamed.body.detail).toBe("Only the workspace's owner can rename it");
    const archived = await member.client.post<Answer<object>>("/api/project/trash", {
      project_id: workspace.id,
    });
    expect(archived.status).toBe(403);
    const invited = await invite(member, workspace.id, stranger.id);
    expect(invited.status).toBe(403);
    expect((await remove(member, workspace.id, owner.id)).status).toBe(403);
    for (const call of [
      load(stranger, workspace.id),
      collaborators(stranger, workspace.id),
      addClips(stranger, workspace.id, [strangerClip.id]),
      invite(stranger, workspace.id, member.id),
      remove(stranger, workspace.id, member.id),
      leave(stranger, workspace.id),
      stranger.client.post(`/api/project/${workspace.id}/ably-update`, { update_type: "add_clips" }),
    ]) {
      const refused = await call;
      expect(refused.status).toBe(404);
      expect((refused.body as { detail?: string }).detail).toBe(WORKSPACE_NOT_FOUND);
    }
    // A collaborator sees the members but not the owner's pending invites.
    await invite(owner, workspace.id, stranger.id);
    expect((await collaborators(member, workspace.id)).body.pending_invites).toEqual([]);
    expect((await collaborators(owner, workspace.id)).body.pending_invites).toHaveLength(1);

    // Members open each other's private songs in the shared workspace; a stranger does not.
    expect((await member.client.get(`/api/clip/${ownerClip.id}`)).status).toBe(200);
    expect((await stranger.client.get(`/api/clip/${ownerClip.id}`)).status).toBe(404);

    // A collaborator removes the owner's clip from the workspace: it goes back to its owner's default.
    const removed = await member.client.post(`/api/project/${workspace.id}/clips`, {
      update_type: "remove",
      metadata: { clip_ids: [ownerClip.id] },
    });
    expect(removed.status).toBe(200);
    expect((await load(owner, "default")).body.project_clips.map((entry) => entry.clip.id)).toContain(
      ownerClip.id,
    );
  });

  it("removes a collaborator, who is kicked live and whose clips go back to their default workspace", async () => {
    const { owner, member, workspace } = await sharedWorkspace();
    const memberClip = await newTestClip(db(), { userId: member.id });
    const ownerClip = await newTestClip(db(), { userId: owner.id });
    await addClips(member, workspace.id, [memberClip.id]);
    await addClips(owner, workspace.id, [ownerClip.id]);
    expect((await member.client.get(`/api/clip/${ownerClip.id}`)).status).toBe(200);
    const socket = await TestSocket.open(`${server.url().replace(/^http/, "ws")}${REALTIME_PATH}`, {
      authorization: `Bearer ${member.token}`,
    });
    try {
      expect(await socket.subscribe(projectChannel(workspace.id))).toEqual({
        type: "subscribed",
        channel: projectChannel(workspace.id),
      });
      const removed = await remove(owner, workspace.id, member.id);
      expect(removed.status).toBe(200);
      const kick = (await socket.next()) as Extract<RealtimeServerMessage, { type: "event" }>;
      expect(kick).toMatchObject({
        type: "event",
        name: "kick_user",
        data: { project: workspace.id, target_user_id: member.id },
      });
      // The server stops their subscription on the kick.
      expect(await socket.next()).toEqual({ type: "unsubscribed", channel: projectChannel(workspace.id) });
      const again = await socket.subscribe(projectChannel(workspace.id));
      expect(again).toMatchObject({ type: "error", detail: "You are not a member of this workspace" });
    } finally {
      await socket.close();
    }
    expect((await load(member, workspace.id)).status).toBe(404);
    expect((await member.client.get(`/api/clip/${ownerClip.id}`)).status).toBe(404);
    const after = (await load(owner, workspace.id)).body;
    expect(after.shared).toBe(false);
    expect(after.project_clips.map((entry) => entry.clip.id)).toEqual([ownerClip.id]);
    expect((await load(member, "default")).body.project_clips.map((entry) => entry.clip.id)).toContain(
      memberClip.id,
    );
    const gone = await remove(owner, workspace.id, member.id);
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe(COLLABORATOR_NOT_FOUND);
    // The user to remove may come in the query instead of a body.
    const other = await user();
    const sent = await invite(owner, workspace.id, other.id);
    await answer(other, sent.body.id, "accepted");
    const byQuery = await owner.client.request(
      "DELETE",
      `/api/project/${workspace.id}/collaborators?invited_user_id=${other.id}`,
    );
    expect(byQuery.status).toBe(200);
    expect((await load(other, workspace.id)).status).toBe(404);
  });

  it("lets a collaborator leave; the owner cannot", async () => {
    const { owner, member, workspace } = await sharedWorkspace();
    const ownerLeaves = await leave(owner, workspace.id);
    expect(ownerLeaves.status).toBe(400);
    expect(ownerLeaves.body.detail).toBe("The owner cannot leave their own workspace");
    const left = await leave(member, workspace.id);
    expect(left.status).toBe(200);
    expect((await load(member, workspace.id)).status).toBe(404);
    const theirs = (await member.client.get<MyWorkspacesResponse>("/api/project/me")).body.projects;
    expect(theirs.map((item) => item.id)).not.toContain(workspace.id);
    expect((await load(owner, workspace.id)).body.shared).toBe(false);
  });
});
