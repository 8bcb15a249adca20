import { randomUUID } from "node:crypto";
import { encode as encodePng } from "fast-png";
import type { Kysely } from "kysely";
import type { Database } from "../src/server/db/schema.ts";
import type { Storage } from "../src/server/storage/storage.ts";
import type { TestUser } from "./clip-fixtures.ts";
import { newClipWithAudio, newTestUser, testAudio } from "./clip-fixtures.ts";
import { newTestHook } from "./hook-fixtures.ts";
import type { Fixtures } from "./security-route-cases.ts";
import { newUpload } from "./upload-client.ts";

/** Names only the owner may ever read: an answer to anyone else that holds one leaks it. */
export const SECRETS = {
  clip: "SECRET-clip-title",
  workspace: "SECRET-workspace-name",
  playlist: "SECRET-playlist-name",
  persona: "SECRET-persona-name",
  prompt: "SECRET-prompt-tags",
  project: "SECRET-studio-title",
  comment: "SECRET-comment-text",
  notification: "SECRET-notification-text",
  apiToken: "SECRET-token-name",
} as const;

/** A small PNG, as a page would send for a cover. */
export const smallPng = (size = 8) =>
  Buffer.from(
    encodePng({ width: size, height: size, data: new Uint8Array(size * size * 4).fill(120), channels: 4 }),
  );

async function ok<T>(what: string, response: { status: number; body: T }): Promise<T> {
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The owner's private objects of every kind, made through the API where one exists. */
export async function makeOwnerFixtures(
  db: Kysely<Database>,
  storage: Storage,
  baseUrl: string,
  owner: TestUser,
): Promise<Fixtures> {
  const { row: clip } = await newClipWithAudio(
    db,
    storage,
    { userId: owner.id, title: SECRETS.clip },
    { channels: testAudio(800), sampleRate: 8000 },
  );
  const client = owner.client;
  // Flag-gated routes (Hire an Editor, shared workspaces) are the owner's to use.
  await db
    .updateTable("users")
    .set({ flags: ["enable-marketplace", "collab-workspaces", "web-hooks-2025"] })
    .where("id", "=", owner.id)
    .execute();
  const workspace = await ok(
    "workspace",
    await client.post<{ id: string }>("/api/project", { name: SECRETS.workspace }),
  );
  await db.updateTable("clips").set({ project_id: workspace.id }).where("id", "=", clip.id).execute();
  const playlist = await ok(
    "playlist",
    await client.post<{ id: string }>("/api/playlist/create/", { name: SECRETS.playlist }),
  );
  const prompt = await ok(
    "prompt",
    await client.post<{ id: string }>("/api/prompts/", { tags: SECRETS.prompt }),
  );
  const persona = await ok(
    "persona",
    await client.post<{ id: string }>("/api/persona/create/", {
      root_clip_id: clip.id,
      name: SECRETS.persona,
    }),
  );
  const lyrics = await ok(
    "lyrics",
    await client.post<{ id: string }>("/api/generate/lyrics/", { prompt: "rain" }),
  );
  const project = await ok(
    "studio project",
    await client.request<{ id: string }>(
      "POST",
      `/api/studio/create-project?title=${encodeURIComponent(SECRETS.project)}`,
    ),
  );
  const version = await db
    .selectFrom("studio_project_versions")
    .select("id")
    .where("project_id", "=", project.id)
    .executeTakeFirstOrThrow();
  const comment = await ok(
    "comment",
    await client.post<{ id: string }>(`/api/gen/${clip.id}/comment`, { content: SECRETS.comment }),
  );
  const upload = await newUpload(client, "wav");
  const image = await fetch(`${baseUrl}/api/uploads/image/`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.token}`, "content-type": "image/png" },
    body: smallPng(),
  });
  const { image_s3_id } = await ok("image", {
    status: image.status,
    body: (await image.json()) as { image_s3_id: string },
  });
  // Notifications are only ever raised by others' actions: the owner's one is written here.
  const notification = await db
    .insertInto("notifications")
    .values({
      user_id: owner.id,
      notification_type: "announcement",
      group_key: "announcement:fixture",
      content: { message: SECRETS.notification },
      updated_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const apiToken = await ok(
    "api token",
    await client.post<{ api_token: { id: string } }>("/api/account/api-tokens", {
      name: "SECRET-token-name",
      scope: "read",
    }),
  );
  // Someone else's workspace invites the owner: the invite is the owner's to answer.
  const inviter = await newTestUser(db, client);
  const inviterWorkspace = await db
    .insertInto("workspaces")
    .values({ user_id: inviter.id, name: "inviter's workspace" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const invite = await db
    .insertInto("workspace_invites")
    .values({ workspace_id: inviterWorkspace.id, invited_user_id: owner.id, invited_by: inviter.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  // A hook as rendered: its files need not exist for the routes to answer who may see it.
  const hookUpload = await db
    .insertInto("video_uploads")
    .values({
      id: randomUUID(),
      user_id: owner.id,
      extension: "mp4",
      original_key: "video-uploads/fixture/original.mp4",
      status: "complete",
      duration_s: 12,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const hookId = await newTestHook(db, {
    userId: owner.id,
    clipId: clip.id,
    uploadId: hookUpload.id,
    title: "SECRET-hook",
    thumbnailKey: "hooks/fixture/thumbnail.jpg",
  });
  return {
    hookId,
    hookUploadId: hookUpload.id,
    inviteId: invite.id,
    inviterId: inviter.id,
    clipId: clip.id,
    uploadId: upload.id,
    imageId: image_s3_id,
    workspaceId: workspace.id,
    playlistId: playlist.id,
    personaId: persona.id,
    promptId: prompt.id,
    lyricsId: lyrics.id,
    studioProjectId: project.id,
    versionId: String(version.id),
    commentId: comment.id,
    ownerHandle: owner.handle,
    ownerId: owner.id,
    notificationId: notification.id,
    apiTokenId: apiToken.api_token.id,
  };
}
