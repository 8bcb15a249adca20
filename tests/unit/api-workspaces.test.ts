import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { Clip, FeedV3Response } from "../../src/shared/api/clips.ts";
import type { GenerateResponse } from "../../src/shared/api/generate.ts";
import { projectChannel, REALTIME_PATH } from "../../src/shared/api/realtime.ts";
import {
  type MyWorkspacesResponse,
  myWorkspacesResponseSchema,
  type PinnedClipsResponse,
  pinnedClipsResponseSchema,
  type UpdateWorkspaceClipsResponse,
  updateWorkspaceClipsResponseSchema,
  WORKSPACE_NOT_FOUND,
  type WorkspaceResponse,
  type WorkspaceSummary,
  workspaceResponseSchema,
  workspaceSummarySchema,
} from "../../src/shared/api/workspaces.ts";
import type { ApiClient } from "../api-server.ts";
import {
  newTestClip,
  newTestUser,
  settledClips,
  startApiServerWithUsers,
  type TestUser,
} from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { SineSongGenerator } from "../sine-song-generator.ts";

describe.each(BACKENDS)("workspaces on %s", (backend) => {
  const generator = new SineSongGenerator();
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} }, { generator: () => generator });

  const create = (user: TestUser, body: object = {}) =>
    user.client.post<WorkspaceSummary>("/api/project", body);
  const load = (client: ApiClient, id: string, query = "") =>
    client.get<WorkspaceResponse & { detail?: string }>(`/api/project/${id}${query}`);
  const update = (user: TestUser, id: string, update_type: string, metadata: object) =>
    user.client.post<UpdateWorkspaceClipsResponse & { detail?: string }>(`/api/project/${id}/clips`, {
      update_type,
      metadata,
    });
  const projectOf = async (client: ApiClient, clipId: string) =>
    (await client.get<{ clips: Clip[] }>(`/api/feed/v2?ids=${clipId}`)).body.clips[0]?.project;

  it("creates workspaces with names and descriptions cut to 100 characters, and lists them", async () => {
    const user = await newTestUser(db(), server.client());
    const untitled = await create(user);
    expect(untitled.status).toBe(200);
    expect(workspaceSummarySchema.parse(untitled.body)).toMatchObject({
      name: "Untitled Workspace",
      description: "",
      shared: false,
      clip_count: 0,
      last_updated_clip: null,
      is_trashed: false,
      owner: { user_id: user.id, handle: user.handle },
    });
    const long = await create(user, { name: ` ${"n".repeat(150)} `, description: "d".repeat(300) });
    expect(long.status).toBe(200);
    expect(long.body.name).toBe("n".repeat(100));
    expect(long.body.description).toBe("d".repeat(100));
    const named = await create(user, { name: "Road trip", description: "Songs for the car" });

    const mine = await user.client.get<MyWorkspacesResponse>("/api/project/me?page=1");
    expect(mine.status).toBe(200);
    expect(myWorkspacesResponseSchema.parse(mine.body).projects.map((p) => p.id)).toEqual([
      named.body.id,
      long.body.id,
      untitled.body.id,
    ]);
    expect(mine.body).toMatchObject({ num_total_results: 3, current_page: 1 });
    const byName = await user.client.get<MyWorkspacesResponse>("/api/project/me?sort=name");
    expect(byName.body.projects.map((p) => p.name)).toEqual([
      "n".repeat(100),
      "Road trip",
      "Untitled Workspace",
    ]);
    const searched = await user.client.get<MyWorkspacesResponse>("/api/project/me?query=ROAD");
    expect(searched.body.projects.map((p) => p.id)).toEqual([named.body.id]);
    // Nobody else sees them.
    const others = await bob.client.get<MyWorkspacesResponse>("/api/project/me");
    expect(others.body.projects.map((p) => p.id)).not.toContain(named.body.id);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    for (const body of [{ name: 5 }, { description: ["x"] }, { name: "x".repeat(10_001) }]) {
      const response = await alice.client.post<{ detail: string }>("/api/project", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.detail).toMatch(/^Invalid body/);
    }
    for (const query of ["page=0", "page=x", "sort=size", "show_trashed=maybe"]) {
      const response = await alice.client.get<{ detail: string }>(`/api/project/me?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.detail).toMatch(/^Invalid query/);
    }
    const workspace = (await create(alice, { name: "Inputs" })).body;
    const clip = await newTestClip(db(), { userId: alice.id });
    for (const body of [
      {},
      { update_type: "copy", metadata: { clip_ids: [clip.id] } },
      { update_type: "add", metadata: { clip_ids: [] } },
      { update_type: "add", metadata: { clip_ids: ["not-a-uuid"] } },
      { update_type: "add", metadata: { clip_ids: Array.from({ length: 101 }, () => clip.id) } },
      { update_type: "move", metadata: { clip_ids: [clip.id] } },
      { update_type: "pinned", metadata: { clip_ids: [clip.id] } },
      { update_type: "pinned", metadata: { clip_ids: [clip.id], pinned: "yes" } },
    ]) {
      const response = await alice.client.post<{ detail: string }>(
        `/api/project/${workspace.id}/clips`,
        body,
      );
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.detail).toMatch(/^Invalid body/);
    }
    expect((await alice.client.post(`/api/project/${workspace.id}/metadata`, { name: "   " })).status).toBe(
      400,
    );
    expect((await alice.client.post("/api/project/trash", {})).status).toBe(400);
    expect(
      (await alice.client.post("/api/project/trash", { project_id: workspace.id, undo_trash: "no" })).status,
    ).toBe(400);
    expect((await load(alice.client, workspace.id, "?page=-1")).status).toBe(400);
    // Signed out: nothing.
    expect((await server.client().get("/api/project/me")).status).toBe(401);
    expect((await server.client().post("/api/project", { name: "x" })).status).toBe(401);
  });

  it("loads a workspace with its clips; a trashed, missing or someone else's workspace is a 404", async () => {
    const workspace = (await create(alice, { name: "Demos", description: "rough ideas" })).body;
    const first = await newTestClip(db(), { userId: alice.id, title: "First idea", projectId: workspace.id });
    const second = await newTestClip(db(), {
      userId: alice.id,
      title: "Second idea",
      projectId: workspace.id,
    });
    await newTestClip(db(), { userId: alice.id, title: "Elsewhere" });
    const loaded = await load(alice.client, workspace.id);
    expect(loaded.status).toBe(200);
    const body = workspaceResponseSchema.parse(loaded.body);
    expect(body).toMatchObject({
      id: workspace.id,
      name: "Demos",
      description: "rough ideas",
      shared: false,
      is_trashed: false,
      clip_count: 2,
      current_page: 1,
      num_total_results: 2,
      owner: { user_id: alice.id },
    });
    expect(body.project_clips.map((entry) => entry.clip.id)).toEqual([second.id, first.id]);
    expect(body.project_clips[0]?.clip.project).toEqual({ id: workspace.id, name: "Demos" });
    const searched = await load(alice.client, workspace.id, "?query=FIRST");
    expect(searched.body.project_clips.map((entry) => entry.clip.id)).toEqual([first.id]);

    for (const id of ["0b6c3c52-1a7f-4c33-9f3c-5b1a6a0c7f00", "nope"]) {
      const missing = await load(alice.client, id);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: WORKSPACE_NOT_FOUND });
    }
    const others = await load(bob.client, workspace.id);
    expect(others.status).toBe(404);
    expect(others.body.detail).toBe(WORKSPACE_NOT_FOUND);

    const trashed = await alice.client.post<WorkspaceSummary>("/api/project/trash", {
      project_id: workspace.id,
    });
    expect(trashed.status).toBe(200);
    expect(trashed.body.is_trashed).toBe(true);
    expect((await load(alice.client, workspace.id)).status).toBe(404);
    const archived = await alice.client.get<MyWorkspacesResponse>("/api/project/me?show_trashed=true");
    expect(archived.body.projects.map((p) => p.id)).toContain(workspace.id);
    const active = await alice.client.get<MyWorkspacesResponse>("/api/project/me");
    expect(active.body.projects.map((p) => p.id)).not.toContain(workspace.id);
    // Only the owner trashes or restores.
    expect(
      (await bob.client.post("/api/project/trash", { project_id: workspace.id, undo_trash: true })).status,
    ).toBe(404);
    const restored = await alice.client.post<WorkspaceSummary>("/api/project/trash", {
      project_id: workspace.id,
      undo_trash: true,
    });
    expect(restored.body.is_trashed).toBe(false);
    expect((await load(alice.client, workspace.id)).status).toBe(200);
  });

  it("renames only for the owner, cutting to 100 characters", async () => {
    const workspace = (await create(alice, { name: "Old" })).body;
    const renamed = await alice.client.post<WorkspaceSummary>(`/api/project/${workspace.id}/metadata`, {
      name: "r".repeat(120),
      description: "new words",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "r".repeat(100), description: "new words" });
    const kept = await alice.client.post<WorkspaceSummary>(`/api/project/${workspace.id}/metadata`, {
      description: "only this",
    });
    expect(kept.body).toMatchObject({ name: "r".repeat(100), description: "only this" });
    const refused = await bob.client.post<{ detail: string }>(`/api/project/${workspace.id}/metadata`, {
      name: "Mine now",
    });
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe(WORKSPACE_NOT_FOUND);
    expect((await load(alice.client, workspace.id)).body.name).toBe("r".repeat(100));
  });

  it("adds, pins, moves and removes the owner's clips; others' clips and workspaces are 404s", async () => {
    const demos = (await create(alice, { name: "Demos" })).body;
    const finals = (await create(alice, { name: "Finals" })).body;
    const clips = [
      await newTestClip(db(), { userId: alice.id }),
      await newTestClip(db(), { userId: alice.id }),
      await newTestClip(db(), { userId: alice.id }),
    ];
    const ids = clips.map((clip) => clip.id);
    const added = await update(alice, demos.id, "add", { clip_ids: ids });
    expect(added.status).toBe(200);
    expect(updateWorkspaceClipsResponseSchema.parse(added.body)).toMatchObject({
      update_type: "add",
      clip_ids: ids,
      project: { id: demos.id, clip_count: 3 },
    });
    expect(await projectOf(alice.client, ids[0] as string)).toEqual({ id: demos.id, name: "Demos" });
    // The feed's workspace filter finds them there and no longer in the default workspace.
    const feed = async (workspaceId: string) =>
      (
        await alice.client.post<FeedV3Response>("/api/feed/v3", {
          filters: { workspace: { presence: "True", workspaceId } },
        })
      ).body.clips.map((clip) => clip.id);
    expect(new Set(await feed(demos.id))).toEqual(new Set(ids));
    expect(await feed("default")).not.toContain(ids[0]);

    const pinned = await update(alice, demos.id, "pinned", { clip_ids: [ids[1]], pinned: true });
    expect(pinned.status).toBe(200);
    expect((await load(alice.client, demos.id)).body.pinned_clips.map((entry) => entry.clip.id)).toEqual([
      ids[1],
    ]);
    const pins = await alice.client.get<PinnedClipsResponse>(`/api/project/${demos.id}/pinned-clips`);
    expect(pinnedClipsResponseSchema.parse(pins.body).pinned_clips.map((entry) => entry.clip.id)).toEqual([
      ids[1],
    ]);
    expect((await bob.client.get(`/api/project/${demos.id}/pinned-clips`)).status).toBe(404);
    await update(alice, demos.id, "pinned", { clip_ids: [ids[1]], pinned: false });
    expect((await load(alice.client, demos.id)).body.pinned_clips).toEqual([]);
    await update(alice, demos.id, "pinned", { clip_ids: [ids[1]], pinned: true });

    const moved = await update(alice, demos.id, "move", { clip_ids: [ids[1]], target_project_id: finals.id });
    expect(moved.status).toBe(200);
    expect(moved.body.project.clip_count).toBe(2);
    expect(await projectOf(alice.client, ids[1] as string)).toEqual({ id: finals.id, name: "Finals" });
    // The pin stayed behind with the workspace the clip left.
    expect((await load(alice.client, demos.id)).body.pinned_clips).toEqual([]);
    expect((await load(alice.client, finals.id)).body.clip_count).toBe(1);

    const removed = await update(alice, demos.id, "remove", { clip_ids: [ids[0]] });
    expect(removed.status).toBe(200);
    expect(await projectOf(alice.client, ids[0] as string)).toBeNull();
    const home = await load(alice.client, "default");
    expect(home.status).toBe(200);
    expect(home.body.project_clips.map((entry) => entry.clip.id)).toContain(ids[0]);
    // A move into the default workspace takes the clip out.
    await update(alice, demos.id, "move", { clip_ids: [ids[2]], target_project_id: "default" });
    expect(await projectOf(alice.client, ids[2] as string)).toBeNull();
    // Clips not in the workspace cannot be removed, moved or pinned from it.
    expect((await update(alice, demos.id, "remove", { clip_ids: [ids[0]] })).status).toBe(404);

    // Someone else's clips cannot be added; someone else's workspace cannot be changed or targeted.
    const bobsClip = await newTestClip(db(), { userId: bob.id, isPublic: true });
    const stolen = await update(alice, demos.id, "add", { clip_ids: [bobsClip.id] });
    expect(stolen.status).toBe(404);
    expect(stolen.body.detail).toBe("Clip not found");
    expect(await projectOf(bob.client, bobsClip.id)).toBeNull();
    const intrusion = await update(bob, demos.id, "add", { clip_ids: [bobsClip.id] });
    expect(intrusion.status).toBe(404);
    expect(intrusion.body.detail).toBe(WORKSPACE_NOT_FOUND);
    const bobs = (await create(bob, { name: "Bob's" })).body;
    const elsewhere = await update(alice, finals.id, "move", {
      clip_ids: [ids[1]],
      target_project_id: bobs.id,
    });
    expect(elsewhere.status).toBe(404);
    expect(await projectOf(alice.client, ids[1] as string)).toEqual({ id: finals.id, name: "Finals" });
    // A mix of own and others' clips changes nothing (one transaction).
    const mixed = await update(alice, finals.id, "add", { clip_ids: [ids[0], bobsClip.id] });
    expect(mixed.status).toBe(404);
    expect(await projectOf(alice.client, ids[0] as string)).toBeNull();
    // A trashed workspace takes no clips.
    await alice.client.post("/api/project/trash", { project_id: finals.id });
    expect((await update(alice, finals.id, "add", { clip_ids: [ids[0]] })).status).toBe(404);
  });

  it("puts generated clips into the caller's workspace named by project_id, and refuses others'", async () => {
    const account = await server.signedUp({ plan: "pro", credits: 100 });
    const mine = (await account.client.post<WorkspaceSummary>("/api/project", { name: "Sketches" })).body;
    const generate = (project_id?: string) =>
      account.client.post<GenerateResponse & { detail?: string }>("/api/generate/v2/", {
        tags: "lofi",
        make_instrumental: true,
        batch_size: 1,
        ...(project_id === undefined ? {} : { project_id }),
      });
    const into = await generate(mine.id);
    expect(into.status).toBe(200);
    const clipId = into.body.clips[0]?.id as string;
    expect(into.body.clips[0]?.project).toEqual({ id: mine.id, name: "Sketches" });
    const [settled] = await settledClips(account.client, [clipId]);
    expect(settled?.project).toEqual({ id: mine.id, name: "Sketches" });
    const listed = await account.client.get<WorkspaceResponse>(`/api/project/${mine.id}`);
    expect(listed.body.project_clips.map((entry) => entry.clip.id)).toEqual([clipId]);

    const plain = await generate("default");
    expect(plain.status).toBe(200);
    expect(plain.body.clips[0]?.project).toBeNull();
    await settledClips(account.client, [plain.body.clips[0]?.id as string]);

    const credits = async () =>
      (await account.client.get<{ total_credits_left: number }>("/api/billing/info/")).body
        .total_credits_left;
    const before = await credits();
    const bobs = (await create(bob, { name: "Not yours" })).body;
    const refused = await generate(bobs.id);
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe(WORKSPACE_NOT_FOUND);
    expect((await generate("missing-workspace")).status).toBe(404);
    await account.client.post("/api/project/trash", { project_id: mine.id });
    expect((await generate(mine.id)).status).toBe(404);
    // Refusals take no credits.
    expect(await credits()).toBe(before);
  });

  it("puts songs made in a studio project into the workspace of the project's song", async () => {
    const account = await server.signedUp({ plan: "pro", credits: 100 });
    const band = (await account.client.post<WorkspaceSummary>("/api/project", { name: "Band" })).body;
    const song = await newTestClip(db(), { userId: account.userId, title: "Demo", projectId: band.id });
    const studio = await db()
      .insertInto("studio_projects")
      .values({ user_id: account.userId, title: "Demo", source_clip_id: song.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    const made = await account.client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "lofi",
      make_instrumental: true,
      batch_size: 1,
      metadata: { from_studio_project_id: studio.id },
    });
    expect(made.status).toBe(200);
    expect(made.body.clips[0]?.project).toEqual({ id: band.id, name: "Band" });
    await settledClips(account.client, [made.body.clips[0]?.id as string]);
    // Another user naming that project in their metadata gets their own default workspace.
    const stranger = await server.signedUp({ plan: "pro", credits: 100 });
    const other = await stranger.client.post<GenerateResponse>("/api/generate/v2/", {
      tags: "lofi",
      make_instrumental: true,
      batch_size: 1,
      metadata: { from_studio_project_id: studio.id },
    });
    expect(other.status).toBe(200);
    expect(other.body.clips[0]?.project).toBeNull();
    await settledClips(stranger.client, [other.body.clips[0]?.id as string]);
  });

  it("lets only the owner follow a workspace's channel, which tells of its clip changes", async () => {
    const workspace = (await create(alice, { name: "Live" })).body;
    const clip = await newTestClip(db(), { userId: alice.id });
    const open = async (token: string) => {
      const socket = new WebSocket(`${server.url().replace(/^http/, "ws")}${REALTIME_PATH}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const messages: { type: string; name?: string; data?: unknown; detail?: string }[] = [];
      socket.on("message", (data) => messages.push(JSON.parse(data.toString())));
      await new Promise((resolve, reject) => {
        socket.once("open", resolve);
        socket.once("error", reject);
      });
      socket.send(JSON.stringify({ type: "subscribe", channel: projectChannel(workspace.id) }));
      await expect.poll(() => messages.length).toBeGreaterThan(0);
      return { socket, messages };
    };
    const owner = await open(alice.token);
    const outsider = await open(bob.token);
    try {
      expect(owner.messages[0]).toEqual({ type: "subscribed", channel: projectChannel(workspace.id) });
      expect(outsider.messages[0]).toMatchObject({
        type: "error",
        detail: "You are not a member of this workspace",
      });
      await update(alice, workspace.id, "add", { clip_ids: [clip.id] });
      await expect
        .poll(() => owner.messages.find((message) => message.name === "workspace_change")?.data)
        .toMatchObject({ project: workspace.id, action: "add_clips", user_id: alice.id });
    } finally {
      owner.socket.close();
      outsider.socket.close();
    }
  });
});
