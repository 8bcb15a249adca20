import { describe, expect, it } from "vitest";
import type { FeedV3Response } from "../../src/shared/api/clips.ts";
import { WORKSPACE_NOT_FOUND } from "../../src/shared/api/workspaces.ts";
import { DEFAULT_LIBRARY_FILTERS, toFeedFilters } from "../../src/shared/library/library-filters.ts";
import { newTestClip, startApiServerWithUsers } from "../clip-fixtures.ts";
import { BACKENDS } from "../server-database.ts";
import { type Answer, collaborationCalls } from "../workspace-collaboration-calls.ts";

describe.each(BACKENDS)("the library filtered by a shared workspace on %s", (backend) => {
  const { server, db } = startApiServerWithUsers(backend, {});
  const { addClips, sharedWorkspace, user } = collaborationCalls(server, db);

  /** What the library page asks for with this workspace chosen, as `viewerId`. */
  const libraryBody = (workspaceId: string, viewerId: string) => ({
    limit: 20,
    filters: toFeedFilters({ ...DEFAULT_LIBRARY_FILTERS, workspaceId }, viewerId),
  });

  it("lists every member's songs to each member, private ones too, and refuses anyone else", async () => {
    const { owner, member, workspace } = await sharedWorkspace();
    const stranger = await user();
    const ownersSong = await newTestClip(db(), { userId: owner.id, title: "Owner's take" });
    const membersSong = await newTestClip(db(), { userId: member.id, title: "Member's take" });
    const publicSong = await newTestClip(db(), { userId: member.id, title: "Public take", isPublic: true });
    const elsewhere = await newTestClip(db(), { userId: member.id, title: "Not shared" });
    const trashed = await newTestClip(db(), { userId: member.id, title: "Trashed take" });
    expect((await addClips(owner, workspace.id, [ownersSong.id])).status).toBe(200);
    expect((await addClips(member, workspace.id, [membersSong.id, publicSong.id, trashed.id])).status).toBe(
      200,
    );
    await member.client.post("/api/gen/trash", { clip_ids: [trashed.id], trash: true });
    const shared = [ownersSong.id, membersSong.id, publicSong.id].sort();

    for (const viewer of [owner, member]) {
      const page = await viewer.client.post<FeedV3Response>(
        "/api/feed/v3",
        libraryBody(workspace.id, viewer.id),
      );
      expect(page.status).toBe(200);
      expect(page.body.clips.map((clip) => clip.id).sort()).toEqual(shared);
      expect(page.body.clips.map((clip) => clip.id)).not.toContain(elsewhere.id);
      const offset = await viewer.client.post<{ clip_id: string | null }>("/api/feed/v3/offset", {
        offset: 2,
        filters: libraryBody(workspace.id, viewer.id).filters,
      });
      expect(offset.status).toBe(200);
      expect(shared).toContain(offset.body.clip_id);
    }

    // Another user (even with the public song in it) and anonymous learn nothing of the workspace.
    for (const [client, viewerId] of [
      [stranger.client, stranger.id],
      [server.client(), owner.id],
    ] as const) {
      for (const path of ["/api/feed/v3", "/api/feed/v3/offset"]) {
        const body = { ...libraryBody(workspace.id, viewerId), offset: 0 };
        const refused = await client.post<Answer<object>>(path, body);
        expect(refused.status, path).toBe(404);
        expect(refused.body.detail).toBe(WORKSPACE_NOT_FOUND);
      }
    }
  });

  it("stops listing the workspace to a member who left", async () => {
    const { owner, member, workspace } = await sharedWorkspace();
    const song = await newTestClip(db(), { userId: owner.id });
    await addClips(owner, workspace.id, [song.id]);
    const left = await member.client.request<Answer<object>>(
      "DELETE",
      `/api/project/${workspace.id}/collaborators/me`,
    );
    expect(left.status).toBe(200);
    const refused = await member.client.post<Answer<object>>(
      "/api/feed/v3",
      libraryBody(workspace.id, member.id),
    );
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe(WORKSPACE_NOT_FOUND);
  });

  it("keeps an archived workspace's list to its owner", async () => {
    const { owner, member, workspace } = await sharedWorkspace();
    const song = await newTestClip(db(), { userId: owner.id });
    await addClips(owner, workspace.id, [song.id]);
    expect((await owner.client.post("/api/project/trash", { project_id: workspace.id })).status).toBe(200);
    const own = await owner.client.post<FeedV3Response>("/api/feed/v3", libraryBody(workspace.id, owner.id));
    expect(own.status).toBe(200);
    expect(own.body.clips.map((clip) => clip.id)).toEqual([song.id]);
    const refused = await member.client.post<Answer<object>>(
      "/api/feed/v3",
      libraryBody(workspace.id, member.id),
    );
    expect(refused.status).toBe(404);
  });
});
