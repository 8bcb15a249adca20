import type { Migration } from "kysely";
import * as accounts from "./0001-accounts.ts";
import * as clips from "./0002-clips.ts";
import * as clipLibrary from "./0003-clip-library.ts";
import * as uploads from "./0004-uploads.ts";
import * as billing from "./0005-billing.ts";
import * as studioProjects from "./0006-studio-projects.ts";
import * as clipDownbeats from "./0007-clip-downbeats.ts";
import * as generation from "./0008-generation.ts";
import * as createPage from "./0009-create-page.ts";
import * as workspaces from "./0011-workspaces.ts";
import * as clipSearch from "./0012-clip-search.ts";
import * as loginThrottle from "./0013-login-throttle.ts";
import * as playbarState from "./0014-playbar-state.ts";
import * as songMenu from "./0015-song-menu.ts";
import * as clipActionCounts from "./0020-clip-action-counts.ts";
import * as editorRequests from "./0021-editor-requests.ts";
import * as comments from "./0025-comments.ts";
import * as profiles from "./0026-profiles.ts";
import * as shareLinks from "./0027-share-links.ts";
import * as playlistPage from "./0030-playlist-page.ts";
import * as trendingScores from "./0035-trending-scores.ts";
import * as discoverySearch from "./0036-discovery-search.ts";
import * as jobQueue from "./0040-job-queue.ts";
import * as notifications from "./0045-notifications.ts";
import * as editActions from "./0050-edit-actions.ts";
import * as apiTokens from "./0070-api-tokens.ts";
import * as contests from "./0085-contests.ts";
import * as workspaceInvites from "./0090-workspace-invites.ts";
import * as account from "./0100-account.ts";
import * as commentTrending from "./0110-comment-trending.ts";
import * as songVideos from "./0115-song-videos.ts";
import * as videoUploads from "./0116-video-uploads.ts";
import * as hooks from "./0120-hooks.ts";
import * as userLanguage from "./0125-user-language.ts";
import * as listenerPlays from "./0130-listener-plays.ts";
import * as serverSecrets from "./0145-server-secrets.ts";
import * as clipChildren from "./0150-clip-children.ts";
import * as videoCovers from "./0170-video-covers.ts";
import * as hookVideoCovers from "./0218-hook-video-covers.ts";
import * as hookThumbnails from "./0219-hook-thumbnails.ts";
import * as passwordResets from "./0226-password-resets.ts";
import * as profilePinOrder from "./0233-profile-pin-order.ts";

/** Every migration in order; a new one gets the next number and a line here. */
export const MIGRATIONS: Record<string, Migration> = {
  "0001-accounts": accounts,
  "0002-clips": clips,
  "0003-clip-library": clipLibrary,
  "0004-uploads": uploads,
  "0005-billing": billing,
  "0006-studio-projects": studioProjects,
  "0007-clip-downbeats": clipDownbeats,
  "0008-generation": generation,
  "0009-create-page": createPage,
  "0011-workspaces": workspaces,
  "0012-clip-search": clipSearch,
  "0013-login-throttle": loginThrottle,
  "0014-playbar-state": playbarState,
  "0015-song-menu": songMenu,
  "0020-clip-action-counts": clipActionCounts,
  "0021-editor-requests": editorRequests,
  "0025-comments": comments,
  "0026-profiles": profiles,
  "0027-share-links": shareLinks,
  "0030-playlist-page": playlistPage,
  "0035-trending-scores": trendingScores,
  "0036-discovery-search": discoverySearch,
  "0040-job-queue": jobQueue,
  "0045-notifications": notifications,
  "0050-edit-actions": editActions,
  "0070-api-tokens": apiTokens,
  "0085-contests": contests,
  "0090-workspace-invites": workspaceInvites,
  "0100-account": account,
  "0110-comment-trending": commentTrending,
  "0115-song-videos": songVideos,
  "0116-video-uploads": videoUploads,
  "0120-hooks": hooks,
  "0125-user-language": userLanguage,
  "0130-listener-plays": listenerPlays,
  "0145-server-secrets": serverSecrets,
  "0150-clip-children": clipChildren,
  "0170-video-covers": videoCovers,
  "0218-hook-video-covers": hookVideoCovers,
  "0219-hook-thumbnails": hookThumbnails,
  "0226-password-resets": passwordResets,
  "0233-profile-pin-order": profilePinOrder,
};
