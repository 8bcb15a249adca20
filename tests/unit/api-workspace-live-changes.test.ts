import { describe, expect, it } from "vitest";
import type { GenerateResponse } from "../../src/shared/api/generate.ts";
import { projectChannel, REALTIME_PATH } from "../../src/shared/api/realtime.ts";
import { newTestClip, settledClips, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";
import { TestSocket } from "../test-socket.ts";
import { type Answer, collaborationCalls } from "../workspace-collaboration-calls.ts";

/** The next workspace_change but a song's progress (update_clips, heard while songs are made). */
async function nextChange(socket: TestSocket) {
  for (;;) {
    const message = await socket.next();
    if (message.type !== "event") return message;
    if ((message.data as { action?: string }).action !== "update_clips") return message;
  }
}

describe.each(BACKENDS)("a shared workspace's live changes on %s", (backend) => {
  const generator = new SineSongGenerator();
  const { server, db } = startApiServerWithUsers(backend, {}, { generator: () => generator });
  const { addClips, load, sharedWorkspace } = collaborationCalls(server, db);

  it("publishes every member's clip change and ably-update on the channel, with the actor's handle", async () => {
    const { owner, member, workspace } = await sharedWorkspace();
    const socket = await TestSocket.open(`${server.url().replace(/^http/, "ws")}${REALTIME_PATH}`, {
      authorization: `Bearer ${owner.token}`,
    });
    try {
      await socket.subscribe(projectChannel(workspace.id));
      const clip = await newTestClip(db(), { userId: member.id });
      await addClips(member, workspace.id, [clip.id]);
      expect(await nextChange(socket)).toMatchObject({
        name: "workspace_change",
        data: {
          project: workspace.id,
          action: "add_clips",
          user_id: member.id,
          handle: member.handle,
          clip_ids: [clip.id],
        },
      });
      await member.client.post("/api/gen/trash", { clip_ids: [clip.id], trash: true });
      expect(await nextChange(socket)).toMatchObject({
        name: "workspace_change",
        data: { action: "trash_clips", user_id: member.id, clip_ids: [clip.id] },
      });
      const update = await member.client.post(`/api/project/${workspace.id}/ably-update`, {
        update_type: "move_clips",
      });
      expect(update.status).toBe(200);
      expect(await nextChange(socket)).toMatchObject({
        name: "workspace_change",
        data: { action: "move_clips", user_id: member.id },
      });
      // A member's generation into the shared workspace is told too, with the new songs.
      await db().updateTable("users").set({ credits: 100 }).where("id", "=", member.id).execute();
      const generated = await member.client.post<GenerateResponse>("/api/generate/v2/", {
        tags: "lofi",
        make_instrumental: true,
        batch_size: 1,
        project_id: workspace.id,
      });
      expect(generated.status).toBe(200);
      const newIds = generated.body.clips.map((made) => made.id);
      expect(await nextChange(socket)).toMatchObject({
        name: "workspace_change",
        data: { action: "add_clips", user_id: member.id, clip_ids: newIds },
      });
      await settledClips(member.client, newIds);
      const bad = await member.client.post<Answer<object>>(`/api/project/${workspace.id}/ably-update`, {
        update_type: "rename",
      });
      expect(bad.status).toBe(400);
    } finally {
      await socket.close();
    }
    for (const [method, path] of [
      ["GET", "/api/project/invites"],
      ["PUT", "/api/project/invites/00000000-0000-4000-8000-000000000000"],
      ["POST", `/api/project/${workspace.id}/invite`],
      ["GET", `/api/project/${workspace.id}/collaborators`],
      ["DELETE", `/api/project/${workspace.id}/collaborators`],
      ["DELETE", `/api/project/${workspace.id}/collaborators/me`],
      ["POST", `/api/project/${workspace.id}/ably-update`],
    ] as const) {
      const anonymous = await server
        .client()
        .request<Answer<object>>(method, path, method === "GET" ? undefined : {});
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body.detail).toBe("Sign in to continue");
    }
  });

  it("tells the other members each status change of a song a member is making in it", async () => {
    const { owner, member, workspace } = await sharedWorkspace();
    const socket = await TestSocket.open(`${server.url().replace(/^http/, "ws")}${REALTIME_PATH}`, {
      authorization: `Bearer ${owner.token}`,
    });
    try {
      await socket.subscribe(projectChannel(workspace.id));
      await db().updateTable("users").set({ credits: 100 }).where("id", "=", member.id).execute();
      const generated = await member.client.post<GenerateResponse>("/api/generate/v2/", {
        tags: "lofi",
        make_instrumental: true,
        batch_size: 1,
        project_id: workspace.id,
      });
      expect(generated.status).toBe(200);
      const [songId] = generated.body.clips.map((made) => made.id);
      // Every event until the owner's list, reloaded after the last one, shows the song complete.
      const updates: unknown[] = [];
      for (;;) {
        const message = await socket.next();
        if (message.type !== "event" || message.name !== "workspace_change") continue;
        const data = message.data as { action: string; clip_ids?: string[] };
        if (data.action === "update_clips") updates.push(data);
        const listed = (await load(owner, workspace.id)).body.project_clips.find(
          (entry) => entry.clip.id === songId,
        )?.clip;
        if (data.action === "update_clips" && listed?.status === "complete") break;
      }
      expect(updates.length).toBeGreaterThan(0);
      expect(updates.at(-1)).toMatchObject({
        project: workspace.id,
        action: "update_clips",
        user_id: member.id,
        handle: member.handle,
        clip_ids: [songId],
      });
    } finally {
      await socket.close();
    }
  });
});
