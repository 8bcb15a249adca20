import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type CreatedProject,
  type ProjectForClip,
  type ProjectRevision,
  type ProjectVersion,
  type ProjectVersions,
  projectForClipSchema,
  projectRevisionSchema,
  projectVersionSchema,
  projectVersionsSchema,
  SAVE_PROJECT_BODY_LIMIT_BYTES,
  type StudioProject,
  studioProjectSchema,
} from "../../src/shared/api/studio.ts";
import {
  newClip,
  newProjectState,
  newTrack,
  PROJECT_SCHEMA_VERSION,
  parseProjectState,
  type StudioProjectState,
} from "../../src/shared/project/index.ts";
import {
  createStudioApi,
  memoryStorage,
  ProjectSaver,
  sameJson,
  saveToServer,
} from "../../src/studio/persistence/index.ts";
import type { ApiClient } from "../api-server.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";

const VERSION_NOT_FOUND = "This project version was not found or may have been deleted.";
const VERSION_FORBIDDEN = "You do not have permission to access this project version.";

/** A state with `count` clips on one track, named (ids too) so that states can be compared. */
function stateWith(name: string, count = 1): StudioProjectState {
  const clips = Array.from({ length: count }, (_, index) =>
    newClip({
      id: `${name}-${index}`,
      name: `${name} ${index}`,
      startBeats: index * 4,
      endBeats: index * 4 + 4,
    }),
  );
  return newProjectState({ title: name, tracks: [newTrack({ id: `track-${name}`, name, clips })] });
}

describe.each(BACKENDS)("studio projects on %s", (backend) => {
  const {
    server,
    db,
    users: { alice, bob },
  } = startApiServerWithUsers(backend, { alice: {}, bob: {} });

  const create = async (client: ApiClient, title = "My song") => {
    const response = await client.post<CreatedProject>(
      `/api/studio/create-project?title=${encodeURIComponent(title)}`,
    );
    expect(response.status).toBe(201);
    return response.body;
  };
  const save = (client: ApiClient, body: Record<string, unknown>) =>
    client.post<{ version_id: number; detail?: string }>("/api/studio/save-project", body);
  const load = (client: ApiClient, projectId: string) =>
    client.get<StudioProject>(`/api/studio/project/${projectId}`);
  const versionsOf = async (projectId: string) =>
    (await alice.client.get<ProjectVersions>(`/api/studio/project/${projectId}/versions`)).body.versions;
  const lock = (client: ApiClient, versionId: number, isLocked = true) =>
    client.post(`/api/studio/project_revision/${versionId}/lock`, { is_locked: isLocked });

  describe("creating and saving", () => {
    it("creates a project holding a new state, and loads it", async () => {
      const created = await create(alice.client, "  First draft ");
      expect(created).toEqual({
        id: expect.any(String),
        title: "First draft",
        version_id: expect.any(Number),
      });
      const loaded = await load(alice.client, created.id);
      expect(loaded.status).toBe(200);
      expect(studioProjectSchema.parse(loaded.body)).toEqual(loaded.body);
      expect(loaded.body).toMatchObject({
        id: created.id,
        title: "First draft",
        version_id: created.version_id,
        is_owner: true,
        is_shared: false,
        is_locked: false,
        source_clip_id: null,
      });
      const state = parseProjectState(loaded.body.state);
      expect(state.title).toBe("First draft");
      expect(state.tracks).toHaveLength(1);
      expect(state.timing).toEqual({ type: "manual", bps: 2, bpsAutomation: [] });
    });

    it("titles a project without a title Untitled Project, and needs a signed-in user", async () => {
      const untitled = await alice.client.post<CreatedProject>("/api/studio/create-project");
      expect(untitled.body.title).toBe("Untitled Project");
      const signedOut = await server.client().post("/api/studio/create-project");
      expect(signedOut.status).toBe(401);
      expect((await server.client().get(`/api/studio/project/${untitled.body.id}`)).status).toBe(401);
    });

    it("keeps every saved version, with ids that increase, and loads the latest", async () => {
      const project = await create(alice.client);
      const first = await save(alice.client, {
        project_id: project.id,
        state: stateWith("one"),
        title: "One",
      });
      expect(first.status).toBe(200);
      expect(first.body.version_id).toBeGreaterThan(project.version_id);
      const second = await save(alice.client, {
        project_id: project.id,
        state: stateWith("two", 2),
        base_version_id: first.body.version_id,
      });
      expect(second.body.version_id).toBeGreaterThan(first.body.version_id);

      const loaded = await load(alice.client, project.id);
      expect(loaded.body.version_id).toBe(second.body.version_id);
      // Without a title in the body the state's own title names the project.
      expect(loaded.body.title).toBe("two");
      expect(parseProjectState(loaded.body.state)).toEqual(stateWith("two", 2));

      const versions = await versionsOf(project.id);
      expect(projectVersionsSchema.parse({ versions, next_before: null }).versions).toHaveLength(3);
      expect(versions.map((version) => version.version_id)).toEqual([
        second.body.version_id,
        first.body.version_id,
        project.version_id,
      ]);
      expect(versions.map((version) => version.title)).toEqual(["two", "One", "My song"]);

      const old = await alice.client.get<ProjectVersion>(
        `/api/studio/${project.id}/version/${first.body.version_id}`,
      );
      expect(old.status).toBe(200);
      expect(projectVersionSchema.parse(old.body)).toEqual(old.body);
      expect(old.body).toMatchObject({ title: "One", is_latest: false, is_locked: false, is_owner: true });
      // The body's title is also the state's.
      expect(parseProjectState(old.body.state)).toEqual({ ...stateWith("one"), title: "One" });
    });

    it("stores the state as parsed: defaults and this schema version filled in, unknown fields kept", async () => {
      const project = await create(alice.client);
      const saved = await save(alice.client, {
        project_id: project.id,
        state: {
          timing: { type: "manual", bps: 3 },
          tracks: [{ id: "t1", sends: [1], clips: [{ id: "c1", startBeats: 0, endBeats: 4, gain: 2 }] }],
          selection: {},
          stray: 1,
        },
      });
      expect(saved.status).toBe(200);
      const state = (await load(alice.client, project.id)).body.state as Record<string, unknown>;
      expect(state).toMatchObject({
        schemaVersion: PROJECT_SCHEMA_VERSION,
        stray: 1,
        title: "Untitled Project",
        amplitude: 1,
        loop: { endBeats: 32 },
        tracks: [{ name: "New Track", sends: [1], clips: [{ id: "c1", gain: 2, fadeInBeats: 0 }] }],
      });
    });

    it("answers a state stored by an earlier schema version in this one, to its owner only", async () => {
      const project = await create(alice.client);
      const v1 = JSON.parse(
        readFileSync(join(import.meta.dirname, "../fixtures/project-state/v1.json"), "utf8"),
      );
      // As an older server stored it: the row is written directly, with no version in the state.
      await db()
        .updateTable("studio_project_versions")
        .set({ state: sql`${JSON.stringify(v1)}::jsonb` })
        .where("id", "=", project.version_id)
        .execute();
      const loaded = await load(alice.client, project.id);
      expect(loaded.status).toBe(200);
      expect(loaded.body.state).toEqual({ ...v1, schemaVersion: PROJECT_SCHEMA_VERSION });
      const version = await alice.client.get<ProjectVersion>(
        `/api/studio/${project.id}/version/${project.version_id}`,
      );
      expect(version.body.state).toEqual({ ...v1, schemaVersion: PROJECT_SCHEMA_VERSION });
      expect((await load(bob.client, project.id)).status).toBe(404);
      expect((await load(server.client(), project.id)).status).toBe(401);
    });

    it("pages through versions, newest first", async () => {
      const project = await create(alice.client);
      for (const name of ["a", "b", "c"])
        await save(alice.client, { project_id: project.id, state: stateWith(name) });
      const first = await alice.client.get<ProjectVersions>(
        `/api/studio/project/${project.id}/versions?limit=2`,
      );
      expect(first.body.versions.map((version) => version.title)).toEqual(["c", "b"]);
      const rest = await alice.client.get<ProjectVersions>(
        `/api/studio/project/${project.id}/versions?limit=2&before=${first.body.next_before}`,
      );
      expect(rest.body.versions.map((version) => version.title)).toEqual(["a", "My song"]);
      expect(rest.body.next_before).toBeNull();
    });
  });

  describe("refusing bad saves", () => {
    let projectId: string;
    beforeAll(async () => {
      projectId = (await create(alice.client)).id;
    });

    it("refuses a state without timing, tracks or selection as Invalid project state format", async () => {
      const good = stateWith("x") as unknown as Record<string, unknown>;
      const withoutPart = (part: string) =>
        Object.fromEntries(Object.entries(good).filter(([key]) => key !== part));
      for (const state of [
        withoutPart("timing"),
        withoutPart("tracks"),
        withoutPart("selection"),
        null,
        [],
        "x",
      ]) {
        const response = await save(alice.client, { project_id: projectId, state });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ detail: "Invalid project state format" });
      }
      const noState = await save(alice.client, { project_id: projectId });
      expect(noState.body).toEqual({ detail: "Invalid project state format" });
      expect(await versionsOf(projectId)).toHaveLength(1);
    });

    it("names the bad field of a state with bad content", async () => {
      const state = stateWith("x");
      const bad = { ...state, tracks: [{ ...state.tracks[0], amplitude: 7 }] };
      const response = await save(alice.client, { project_id: projectId, state: bad });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^Invalid project state: tracks\[0\]\.amplitude: /);
    });

    it("answers malformed and over-long bodies with a 400 naming the problem", async () => {
      const malformed = await alice.client.request("POST", "/api/studio/save-project", "{not json");
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ detail: expect.any(String) });
      const badId = await save(alice.client, { project_id: "nope", state: stateWith("x") });
      expect(badId.status).toBe(400);
      expect(badId.body.detail).toMatch(/^Invalid body: project_id: /);
      const longTitle = await save(alice.client, {
        project_id: projectId,
        state: stateWith("x"),
        title: "t".repeat(201),
      });
      expect(longTitle.status).toBe(400);
      expect(longTitle.body.detail).toMatch(/^Invalid body: title: /);
      const longStateTitle = await save(alice.client, {
        project_id: projectId,
        state: { ...stateWith("x"), title: "t".repeat(201) },
      });
      expect(longStateTitle.status).toBe(400);
      expect(longStateTitle.body.detail).toMatch(/^Invalid project state: title: /);
      const badVersion = await save(alice.client, {
        project_id: projectId,
        state: stateWith("x"),
        base_version_id: -1,
      });
      expect(badVersion.status).toBe(400);
      const badCreate = await alice.client.post(`/api/studio/create-project?title=${"t".repeat(201)}`);
      expect(badCreate.status).toBe(400);
      expect((await alice.client.get("/api/studio/project/123")).status).toBe(400);
      expect((await alice.client.get(`/api/studio/${projectId}/version/abc`)).status).toBe(400);
      expect(await versionsOf(projectId)).toHaveLength(1);
    });

    it("takes states of several megabytes, and refuses a body over the save limit with a 413", async () => {
      const big = stateWith("big", 6000);
      const body = JSON.stringify({ project_id: projectId, state: big });
      expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
      const saved = await alice.client.request<{ version_id: number }>(
        "POST",
        "/api/studio/save-project",
        body,
      );
      expect(saved.status).toBe(200);
      const loaded = await load(alice.client, projectId);
      expect(parseProjectState(loaded.body.state).tracks[0].clips).toHaveLength(6000);

      const padding = "x".repeat(SAVE_PROJECT_BODY_LIMIT_BYTES);
      const oversize = await alice.client.request("POST", "/api/studio/save-project", {
        project_id: projectId,
        state: { ...big, title: padding },
      });
      expect(oversize.status).toBe(413);
      expect(oversize.body).toEqual({ detail: expect.stringMatching(/too large/i) });
    });

    it("answers an unknown project with a 404", async () => {
      const missing = "00000000-0000-4000-8000-000000000000";
      const saved = await save(alice.client, { project_id: missing, state: stateWith("x") });
      expect(saved.status).toBe(404);
      expect(saved.body).toEqual({ detail: "Project not found" });
      expect((await load(alice.client, missing)).status).toBe(404);
      const notItsVersion = await save(alice.client, {
        project_id: projectId,
        state: stateWith("x"),
        base_version_id: 1,
      });
      expect(notItsVersion.status).toBe(404);
      expect(notItsVersion.body).toEqual({ detail: VERSION_NOT_FOUND });
    });
  });

  describe("versions, revisions and locking", () => {
    it("answers a revision by id, and clones it into a new project of the caller's", async () => {
      const project = await create(alice.client, "Source");
      const saved = await save(alice.client, {
        project_id: project.id,
        state: stateWith("kept"),
        title: "Kept",
      });
      const revision = await alice.client.get<ProjectRevision>(
        `/api/studio/project_revision/${saved.body.version_id}`,
      );
      expect(revision.status).toBe(200);
      expect(projectRevisionSchema.parse(revision.body)).toEqual({
        project_id: project.id,
        version_id: saved.body.version_id,
        title: "Kept",
        is_owner: true,
        is_locked: false,
        is_latest: true,
      });

      const clone = await alice.client.post<CreatedProject>(
        `/api/studio/project_revision/${saved.body.version_id}/clone`,
        { title: "Kept (copy)" },
      );
      expect(clone.status).toBe(201);
      expect(clone.body.id).not.toBe(project.id);
      const copy = await load(alice.client, clone.body.id);
      expect(copy.body).toMatchObject({
        title: "Kept (copy)",
        cloned_from_version_id: saved.body.version_id,
      });
      expect(parseProjectState(copy.body.state)).toEqual({ ...stateWith("kept"), title: "Kept (copy)" });

      // An older version clones as it was; without a title it keeps the version's.
      const older = await alice.client.post<CreatedProject>(
        `/api/studio/project_revision/${project.version_id}/clone`,
      );
      expect(older.body.title).toBe("Source");
      expect(parseProjectState((await load(alice.client, older.body.id)).body.state).tracks[0].clips).toEqual(
        [],
      );
      // The source is untouched.
      expect((await load(alice.client, project.id)).body.version_id).toBe(saved.body.version_id);
      expect((await alice.client.get("/api/studio/project_revision/999999999")).body).toEqual({
        detail: VERSION_NOT_FOUND,
      });
    });

    it("answers a version of another project, or an unknown one, with the required 404", async () => {
      const one = await create(alice.client);
      const other = await create(alice.client);
      const response = await alice.client.get(`/api/studio/${one.id}/version/${other.version_id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: VERSION_NOT_FOUND });
    });

    it("refuses saves onto a locked version with a 423 until unlocked, and lets it be cloned", async () => {
      const project = await create(alice.client);
      const v1 = (await save(alice.client, { project_id: project.id, state: stateWith("v1") })).body
        .version_id;
      const locked = await lock(alice.client, v1);
      expect(locked.status).toBe(200);
      expect(locked.body).toEqual({ project_id: project.id, version_id: v1, is_locked: true });
      expect((await load(alice.client, project.id)).body.is_locked).toBe(true);

      for (const base of [v1, undefined]) {
        const refused = await save(alice.client, {
          project_id: project.id,
          state: stateWith("v2"),
          base_version_id: base,
        });
        expect(refused.status).toBe(423);
        expect(refused.body.detail).toMatch(/locked and read-only/);
      }
      expect(await versionsOf(project.id)).toHaveLength(2);

      const clone = await alice.client.post<CreatedProject>(`/api/studio/project_revision/${v1}/clone`, {});
      const onClone = await save(alice.client, {
        project_id: clone.body.id,
        state: stateWith("v2"),
        base_version_id: clone.body.version_id,
      });
      expect(onClone.status).toBe(200);
      expect((await load(alice.client, clone.body.id)).body.is_locked).toBe(false);

      expect((await lock(alice.client, v1, false)).status).toBe(200);
      const v2 = await save(alice.client, {
        project_id: project.id,
        state: stateWith("v2"),
        base_version_id: v1,
      });
      expect(v2.status).toBe(200);
    });

    it("keeps a locked older version read-only while the latest takes saves", async () => {
      const project = await create(alice.client);
      const v1 = (await save(alice.client, { project_id: project.id, state: stateWith("v1") })).body
        .version_id;
      const v2 = (await save(alice.client, { project_id: project.id, state: stateWith("v2") })).body
        .version_id;
      await lock(alice.client, v1);
      const onOld = await save(alice.client, {
        project_id: project.id,
        state: stateWith("x"),
        base_version_id: v1,
      });
      expect(onOld.status).toBe(423);
      const onLatest = await save(alice.client, {
        project_id: project.id,
        state: stateWith("v3"),
        base_version_id: v2,
      });
      expect(onLatest.status).toBe(200);
      const old = await alice.client.get<ProjectVersion>(`/api/studio/${project.id}/version/${v1}`);
      expect(old.body).toMatchObject({ is_locked: true, is_latest: false });
    });
  });

  describe("another user's projects", () => {
    it("hides an unshared project: 404 for the project, the required 403 for its versions", async () => {
      const project = await create(alice.client);
      expect((await load(bob.client, project.id)).status).toBe(404);
      for (const path of [
        `/api/studio/${project.id}/version/${project.version_id}`,
        `/api/studio/project_revision/${project.version_id}`,
      ]) {
        const response = await bob.client.get(path);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ detail: VERSION_FORBIDDEN });
      }
      const clone = await bob.client.post(`/api/studio/project_revision/${project.version_id}/clone`, {});
      expect(clone.status).toBe(403);
      const saved = await save(bob.client, { project_id: project.id, state: stateWith("x") });
      expect(saved.status).toBe(404);
      expect(
        (await bob.client.post(`/api/studio/project/${project.id}/share`, { is_shared: true })).status,
      ).toBe(404);
      expect((await bob.client.get(`/api/studio/project/${project.id}/versions`)).status).toBe(404);
    });

    it("opens a shared project read-only until the reader duplicates it to their account", async () => {
      const project = await create(alice.client, "Band song");
      const saved = await save(alice.client, {
        project_id: project.id,
        state: stateWith("shared"),
        title: "Band song",
      });
      const shared = await alice.client.post(`/api/studio/project/${project.id}/share`, { is_shared: true });
      expect(shared.body).toEqual({ id: project.id, is_shared: true });

      const seen = await load(bob.client, project.id);
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({
        is_owner: false,
        is_shared: true,
        version_id: saved.body.version_id,
      });
      const revision = await bob.client.get<ProjectRevision>(
        `/api/studio/project_revision/${saved.body.version_id}`,
      );
      expect(revision.body).toMatchObject({ project_id: project.id, is_owner: false, title: "Band song" });

      const refused = await save(bob.client, { project_id: project.id, state: stateWith("mine") });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/shared by another user/);
      expect((await lock(bob.client, saved.body.version_id)).status).toBe(403);
      expect(
        (await bob.client.post(`/api/studio/project/${project.id}/share`, { is_shared: false })).status,
      ).toBe(403);

      const remix = await bob.client.post<CreatedProject>(
        `/api/studio/project_revision/${seen.body.version_id}/clone`,
        { title: "Band song (remix)" },
      );
      expect(remix.status).toBe(201);
      const own = await load(bob.client, remix.body.id);
      expect(own.body).toMatchObject({ is_owner: true, is_shared: false, title: "Band song (remix)" });
      const onOwn = await save(bob.client, { project_id: remix.body.id, state: stateWith("mine") });
      expect(onOwn.status).toBe(200);
      // The original is untouched, and Alice cannot see Bob's copy.
      expect((await load(alice.client, project.id)).body.version_id).toBe(saved.body.version_id);
      expect((await load(alice.client, remix.body.id)).status).toBe(404);

      await alice.client.post(`/api/studio/project/${project.id}/share`, { is_shared: false });
      expect((await load(bob.client, project.id)).status).toBe(404);
    });
  });

  describe("a project for a song", () => {
    const forClip = (client: ApiClient, clipId: string) =>
      client.post<ProjectForClip & { detail?: string }>(
        `/api/studio/create-or-load-project-for-clip/${clipId}`,
      );

    it("creates one project holding the song on one track, and loads the same one after", async () => {
      const clip = await newTestClip(db(), {
        userId: alice.id,
        title: "Morning",
        metadata: { duration: 30 },
      });
      const first = await forClip(alice.client, clip.id);
      expect(first.status).toBe(201);
      expect(projectForClipSchema.parse(first.body)).toMatchObject({ title: "Morning", created: true });
      const again = await forClip(alice.client, clip.id);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ...first.body, created: false });

      const project = await load(alice.client, first.body.id);
      expect(project.body.source_clip_id).toBe(clip.id);
      const state = parseProjectState(project.body.state);
      expect(state.tracks).toHaveLength(1);
      expect(state.tracks[0].clips).toEqual([
        expect.objectContaining({
          clipId: clip.id,
          name: "Morning",
          startBeats: 0,
          endBeats: 60,
          readStartBeats: 0,
        }),
      ]);
      expect(state.selection.focusedTrackId).toBe(state.tracks[0].id);

      // Saved changes are what the next load gives.
      await save(alice.client, { project_id: first.body.id, state: stateWith("edited") });
      const reloaded = await forClip(alice.client, clip.id);
      expect(reloaded.body.id).toBe(first.body.id);
      expect(reloaded.body.version_id).toBeGreaterThan(first.body.version_id);
    });

    it("gives concurrent requests for the same song one project", async () => {
      const clip = await newTestClip(db(), { userId: alice.id, metadata: { duration: 10 } });
      const answers = await Promise.all([1, 2, 3].map(() => forClip(alice.client, clip.id)));
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
      expect(answers.filter((answer) => answer.body.created)).toHaveLength(1);
    });

    it("sizes the clip by the song's tempo, and 960 beats when its duration is unknown", async () => {
      const unknown = await newTestClip(db(), { userId: alice.id, title: "" });
      const made = await forClip(alice.client, unknown.id);
      expect(made.body.title).toBe("Untitled Project");
      const state = parseProjectState((await load(alice.client, made.body.id)).body.state);
      expect(state.tracks[0].clips[0]).toMatchObject({ name: "New Clip", endBeats: 960 });

      const slow = await newTestClip(db(), { userId: alice.id, metadata: { duration: 20, avg_bpm: 90 } });
      const slowState = parseProjectState(
        (await load(alice.client, (await forClip(alice.client, slow.id)).body.id)).body.state,
      );
      expect(slowState.timing.bps).toBe(1.5);
      expect(slowState.tracks[0].clips[0].endBeats).toBe(30);
    });

    it("gives each user their own project for a public song, and hides private and trashed songs", async () => {
      const open = await newTestClip(db(), { userId: alice.id, isPublic: true, metadata: { duration: 5 } });
      const mine = await forClip(alice.client, open.id);
      const theirs = await forClip(bob.client, open.id);
      expect(theirs.status).toBe(201);
      expect(theirs.body.id).not.toBe(mine.body.id);
      expect((await load(bob.client, theirs.body.id)).body.is_owner).toBe(true);

      const hidden = await newTestClip(db(), { userId: alice.id });
      const trashed = await newTestClip(db(), { userId: alice.id, isPublic: true });
      await db().updateTable("clips").set({ is_trashed: true }).where("id", "=", trashed.id).execute();
      for (const id of [hidden.id, trashed.id, "00000000-0000-4000-8000-000000000000"]) {
        const response = await forClip(bob.client, id);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: "Clip not found" });
      }
      expect((await forClip(bob.client, "not-a-clip")).status).toBe(400);
    });

    it("refuses a song that is still generating", async () => {
      const pending = await newTestClip(db(), { userId: alice.id, status: "queued" });
      const response = await forClip(alice.client, pending.id);
      expect(response.status).toBe(409);
      expect(response.body.detail).toMatch(/not ready/);
    });
  });
  describe("the page's client and autosave against the server", () => {
    it("saves edits as versions, stops at a lock, and carries the edits into a clone", async () => {
      const api = createStudioApi({
        baseUrl: server.url(),
        headers: { authorization: `Bearer ${alice.token}` },
      });
      const created = await api.createProject("Autosaved");
      const loaded = await api.loadProject(created.id);
      const storage = memoryStorage();
      const saver = new ProjectSaver({ save: saveToServer(api), storage, isOnline: () => true });
      expect(
        saver.reset({ projectId: created.id, versionId: loaded.version_id, state: loaded.state }),
      ).toBeNull();

      const edited = stateWith("edited", 3);
      saver.change(edited);
      await saver.flush();
      expect(saver.snapshot()).toMatchObject({ status: "saved", hasUnsavedChanges: false });
      const savedVersion = saver.snapshot().versionId ?? 0;
      expect(savedVersion).toBeGreaterThan(loaded.version_id);
      const reloaded = await api.loadProject(created.id);
      expect(reloaded.version_id).toBe(savedVersion);
      expect(sameJson(reloaded.state, edited)).toBe(true);

      await api.lockVersion(savedVersion);
      saver.change(stateWith("after the lock"));
      await saver.flush();
      expect(saver.status).toBe("locked");
      expect((await api.loadProject(created.id)).version_id).toBe(savedVersion);

      const clone = await api.cloneRevision(savedVersion, "Autosaved (copy)");
      const carried = saver.reset({ projectId: clone.id, versionId: clone.version_id }, { carryOver: true });
      expect(carried?.tracks[0].name).toBe("after the lock");
      await saver.flush();
      expect(saver.status).toBe("saved");
      const copy = await api.loadProject(clone.id);
      expect(copy.state.tracks[0].name).toBe("after the lock");
      // The edits live on in the clone: nothing is left in the browser for the locked project.
      expect(storage.entries.size).toBe(0);
    });
  });
});
