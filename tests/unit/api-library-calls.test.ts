// The library's server calls added for /me (GET /api/clips/{clip_id}/project, and the personas
// page's edit, trash, visibility and lists), on both databases, for the owner, another user and an
// anonymous caller.

import { describe, expect, it } from "vitest";
import {
  PERSONA_NOT_FOUND,
  PERSONA_VOCALS_NOT_PUBLISHABLE,
  type Persona,
  type PersonaListResponse,
  type PromptImageResponse,
  personaListResponseSchema,
  personaSchema,
} from "../../src/shared/api/personas.ts";
import { type MyPlaylistsResponse, myPlaylistsResponseSchema } from "../../src/shared/api/playlists.ts";
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

describe.each(BACKENDS)("the library's persona calls on %s", (backend) => {
  const {
    server,
    db,
    users: { owner, other },
  } = startApiServerWithUsers(backend, { owner: { plan: "pro" }, other: { plan: "pro" } });

  /** A persona of the owner's, made through the API from a finished song with vocals. */
  async function persona(songMeta: { can_publish_with_vocal?: boolean } = {}): Promise<Persona> {
    const root = await newTestClip(db(), {
      userId: owner.id,
      title: "Root",
      audioKey: `clips/${owner.id}/audio.wav`,
      metadata: { type: "gen", has_vocal: true, duration: 60, ...songMeta },
    });
    const made = await owner.client.post<Persona>("/api/persona/create/", {
      root_clip_id: root.id,
      name: "Voice",
    });
    expect(made.status).toBe(200);
    return made.body;
  }
  const put = <T>(client: ReturnType<typeof server.client>, path: string, body?: unknown) =>
    client.request<T & { detail?: string }>("PUT", path, body);

  it("lets the owner edit, trash and restore, and make public; the trashed list follows", async () => {
    const made = await persona();
    const edited = await put<Persona>(owner.client, `/api/persona/edit-persona/${made.id}/`, {
      name: "  Harbour Voice ",
      description: "Warm",
    });
    expect(edited.status).toBe(200);
    expect(personaSchema.parse(edited.body)).toMatchObject({ name: "Harbour Voice", description: "Warm" });

    const trashed = await put<Persona>(owner.client, `/api/persona/trash-persona/${made.id}/`);
    expect([trashed.status, trashed.body.is_trashed]).toEqual([200, true]);
    const list = await owner.client.get<PersonaListResponse>("/api/persona/get-trashed-personas/");
    expect(personaListResponseSchema.parse(list.body).personas.map((p) => p.id)).toContain(made.id);
    const mine = await owner.client.get<PersonaListResponse>("/api/persona/get-personas/");
    expect(mine.body.personas.map((p) => p.id)).not.toContain(made.id);

    const restored = await put<Persona>(owner.client, `/api/persona/trash-persona/${made.id}/?undo=true`);
    expect([restored.status, restored.body.is_trashed]).toEqual([200, false]);
    const after = await owner.client.get<PersonaListResponse>("/api/persona/get-trashed-personas/");
    expect(after.body.personas.map((p) => p.id)).not.toContain(made.id);

    const shown = await put<Persona>(owner.client, `/api/persona/set_visibility/${made.id}/?is_public=true`);
    expect([shown.status, shown.body.is_public]).toEqual([200, true]);
    const publicList = await server.client().get<PersonaListResponse>("/api/persona/get-tunesmith-personas/");
    expect(publicList.status).toBe(200);
    expect(publicList.body.personas.map((p) => p.id)).toContain(made.id);
  });

  it("lets the owner change the avatar and visibility in one edit, and take the avatar off", async () => {
    const made = await persona();
    const image = await owner.client.post<PromptImageResponse>("/api/gen/prompt_image/", {
      prompt: "a gull",
    });
    expect(image.status).toBe(200);
    const edited = await put<Persona>(owner.client, `/api/persona/edit-persona/${made.id}/`, {
      name: "Gull",
      description: "",
      image_s3_id: image.body.image_s3_id,
      is_public: true,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(personaSchema.parse(edited.body)).toMatchObject({
      name: "Gull",
      description: "",
      image_s3_id: image.body.image_s3_id,
      image_url: image.body.image_url,
      is_public: true,
    });
    // Fields not sent stay; null takes the avatar off.
    const bare = await put<Persona>(owner.client, `/api/persona/edit-persona/${made.id}/`, {
      image_s3_id: null,
      is_public: false,
    });
    expect(bare.status).toBe(200);
    expect(bare.body).toMatchObject({ name: "Gull", image_s3_id: null, image_url: null, is_public: false });
    const unknown = await put<Persona>(owner.client, `/api/persona/edit-persona/${made.id}/`, {
      image_s3_id: "0".repeat(32),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe("Unknown avatar image: make one with the image prompt first");
    const notBoolean = await put<Persona>(owner.client, `/api/persona/edit-persona/${made.id}/`, {
      is_public: "yes",
    });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.detail).toContain("is_public is true or false");
  });

  it("refuses a public persona whose song's vocals may not be published, and a blank or long name", async () => {
    const made = await persona({ can_publish_with_vocal: false });
    const refused = await put<Persona>(
      owner.client,
      `/api/persona/set_visibility/${made.id}/?is_public=true`,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(PERSONA_VOCALS_NOT_PUBLISHABLE);
    const refusedEdit = await put<Persona>(owner.client, `/api/persona/edit-persona/${made.id}/`, {
      name: "Renamed",
      is_public: true,
    });
    expect(refusedEdit.status).toBe(400);
    expect(refusedEdit.body.detail).toBe(PERSONA_VOCALS_NOT_PUBLISHABLE);
    const unchanged = await owner.client.get<Persona>(`/api/persona/get-persona/${made.id}/`);
    expect([unchanged.body.name, unchanged.body.is_public]).toEqual(["Voice", false]);
    const blank = await put<Persona>(owner.client, `/api/persona/edit-persona/${made.id}/`, { name: "  " });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toContain("A persona needs a name");
    const long = await put<Persona>(owner.client, `/api/persona/edit-persona/${made.id}/`, {
      name: "x".repeat(101),
    });
    expect(long.status).toBe(400);
    const flag = await put<Persona>(owner.client, `/api/persona/set_visibility/${made.id}/?is_public=maybe`);
    expect(flag.status).toBe(400);
  });

  it("tells another user and an anonymous caller nothing: 404 and 401, and changes nothing", async () => {
    const made = await persona();
    for (const path of [
      `/api/persona/edit-persona/${made.id}/`,
      `/api/persona/trash-persona/${made.id}/`,
      `/api/persona/set_visibility/${made.id}/?is_public=true`,
    ]) {
      const theirs = await put<Persona>(
        other.client,
        path,
        path.includes("edit") ? { name: "Mine now", is_public: true, image_s3_id: null } : undefined,
      );
      expect(theirs.status, path).toBe(404);
      expect(theirs.body.detail).toBe(PERSONA_NOT_FOUND);
      const anonymous = await put<Persona>(
        server.client(),
        path,
        path.includes("edit") ? { name: "x" } : undefined,
      );
      expect(anonymous.status, path).toBe(401);
    }
    const still = await owner.client.get<Persona>(`/api/persona/get-persona/${made.id}/`);
    expect([still.body.name, still.body.is_trashed, still.body.is_public]).toEqual(["Voice", false, false]);
    const othersTrash = await other.client.get<PersonaListResponse>("/api/persona/get-trashed-personas/");
    expect(othersTrash.body.personas).toEqual([]);
    expect((await server.client().get("/api/persona/get-trashed-personas/")).status).toBe(401);
  });
});

describe.each(BACKENDS)("the library's trashed playlists on %s", (backend) => {
  const {
    server,
    db,
    users: { owner, other },
  } = startApiServerWithUsers(backend, { owner: {}, other: {} });

  it("lists the owner's trashed playlists with show_trashed, and only the owner's; anonymous is asked to sign in", async () => {
    const kept = await owner.client.post<{ id: string }>("/api/playlist/create/", { name: "Road songs" });
    const binned = await owner.client.post<{ id: string }>("/api/playlist/create/", { name: "Old drafts" });
    expect([kept.status, binned.status]).toEqual([200, 200]);
    // No call trashes a playlist yet: the test trashes it in the database.
    await db().updateTable("playlists").set({ is_trashed: true }).where("id", "=", binned.body.id).execute();

    const names = async (client: typeof owner.client, query: string) => {
      const answer = await client.get<MyPlaylistsResponse>(`/api/playlist/me${query}`);
      expect(answer.status).toBe(200);
      return myPlaylistsResponseSchema.parse(answer.body).playlists.map((playlist) => playlist.name);
    };
    expect(await names(owner.client, "")).toEqual(["Road songs"]);
    expect(await names(owner.client, "?show_trashed=true")).toEqual(["Old drafts"]);
    expect(await names(other.client, "?show_trashed=true")).toEqual([]);
    expect((await server.client().get("/api/playlist/me?show_trashed=true")).status).toBe(401);
    const bad = await owner.client.get<{ detail: string }>("/api/playlist/me?show_trashed=perhaps");
    expect(bad.status).toBe(400);
    expect(typeof bad.body.detail).toBe("string");
  });
});
