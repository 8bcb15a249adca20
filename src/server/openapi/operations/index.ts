import type { OperationGroup } from "../operation.ts";
import { accountOperations } from "./account.ts";
import { adminOperations } from "./admin.ts";
import { alignedLyricsOperations } from "./aligned-lyrics.ts";
import { analyticsOperations } from "./analytics.ts";
import { apiDocsOperations } from "./api-docs.ts";
import { apiTokensOperations } from "./api-tokens.ts";
import { authOperations } from "./auth.ts";
import { autoplayOperations } from "./autoplay.ts";
import { billingOperations } from "./billing.ts";
import { clipActionsOperations } from "./clip-actions.ts";
import { clipFamilyOperations } from "./clip-family.ts";
import { clipMediaOperations } from "./clip-media.ts";
import { clipSettingsOperations } from "./clip-settings.ts";
import { clipsOperations } from "./clips.ts";
import { commentsOperations } from "./comments.ts";
import { compatOperations } from "./compat.ts";
import { contestsOperations } from "./contests.ts";
import { createSupportOperations } from "./create-support.ts";
import { discoverOperations } from "./discover.ts";
import { downbeatsOperations } from "./downbeats.ts";
import { editOperations } from "./edit.ts";
import { editorRequestsOperations } from "./editor-requests.ts";
import { feedOperations } from "./feed.ts";
import { generateOperations } from "./generate.ts";
import { healthOperations } from "./health.ts";
import { hookOperations } from "./hooks.ts";
import { imageUploadsOperations } from "./image-uploads.ts";
import { liveRadioOperations } from "./live-radio.ts";
import { lyricsOperations } from "./lyrics.ts";
import { notificationsOperations } from "./notifications.ts";
import { onRepeatOperations } from "./on-repeat.ts";
import { personaLibraryOperations } from "./persona-library.ts";
import { personasOperations } from "./personas.ts";
import { playCountsOperations } from "./play-counts.ts";
import { playbarStateOperations } from "./playbar-state.ts";
import { playlistPageOperations } from "./playlist-page.ts";
import { playlistsOperations } from "./playlists.ts";
import { profilePinsOperations } from "./profile-pins.ts";
import { profilesOperations } from "./profiles.ts";
import { promptsOperations } from "./prompts.ts";
import { realtimeOperations } from "./realtime.ts";
import { searchOperations } from "./search.ts";
import { shareOperations } from "./share.ts";
import { studioOperations } from "./studio.ts";
import { studioRenderOperations } from "./studio-render.ts";
import { uploadsOperations } from "./uploads.ts";
import { videoOperations } from "./video.ts";
import { videoUploadsOperations } from "./video-uploads.ts";
import { workspaceCollaborationOperations } from "./workspace-collaboration.ts";
import { workspacesOperations } from "./workspaces.ts";

/** Every route module's operations, in the order app.ts registers them. */
export const OPERATION_GROUPS: readonly OperationGroup[] = [
  accountOperations,
  adminOperations,
  analyticsOperations,
  authOperations,
  autoplayOperations,
  billingOperations,
  clipActionsOperations,
  clipMediaOperations,
  clipSettingsOperations,
  clipsOperations,
  commentsOperations,
  contestsOperations,
  createSupportOperations,
  discoverOperations,
  downbeatsOperations,
  editOperations,
  editorRequestsOperations,
  liveRadioOperations,
  feedOperations,
  generateOperations,
  healthOperations,
  imageUploadsOperations,
  lyricsOperations,
  notificationsOperations,
  personaLibraryOperations,
  personasOperations,
  playCountsOperations,
  alignedLyricsOperations,
  clipFamilyOperations,
  playbarStateOperations,
  onRepeatOperations,
  playlistPageOperations,
  playlistsOperations,
  profilePinsOperations,
  profilesOperations,
  promptsOperations,
  realtimeOperations,
  searchOperations,
  shareOperations,
  studioRenderOperations,
  studioOperations,
  uploadsOperations,
  videoOperations,
  videoUploadsOperations,
  hookOperations,
  workspacesOperations,
  workspaceCollaborationOperations,
  apiDocsOperations,
  apiTokensOperations,
  compatOperations,
];
