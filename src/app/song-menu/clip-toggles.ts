// The song menu's toggles and quick actions: comments, remixes, the hooks feed, pins, Not
// Interested and reactions, each with the toast the product gives it. Every changed song goes to
// the lists through publishClipChanges.

import type { Clip, ReactionType } from "../../shared/api/clips.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import {
  PIN_TOAST_MS,
  PINNED_MESSAGE,
  pinConfirmation,
  UNPINNED_MESSAGE,
} from "../../shared/song-menu/pin-rules.ts";
import { withReaction } from "../../shared/song-menu/reaction-rules.ts";
import { publishClipChanges } from "../shell/clip-changes.ts";
import { hideFromRecommendations, showInRecommendations } from "../shell/not-interested-store.ts";
import { showToast } from "../shell/toast-store.ts";
import type { HandlerContext } from "./clip-action-handlers.ts";
import * as api from "./clip-settings-api.ts";

const TOAST_MS = 3000;

/** A refused change: the product's words, the cause in the console. */
function failed(title: string, error: unknown): void {
  console.warn(title, error);
  showToast({ kind: "error", title, description: "Please try again later.", durationMs: 5000 });
}

export async function toggleAllowComments(clip: Clip): Promise<void> {
  const next = !clip.allow_comments;
  try {
    publishClipChanges([await api.toggleComments(clip.id, next)]);
    showToast({
      kind: "success",
      title: `Comments have been ${next ? "enabled" : "disabled"}.`,
      durationMs: TOAST_MS,
    });
  } catch (error) {
    failed("Error updating song preferences", error);
  }
}

export async function toggleAllowRemixes(clip: Clip): Promise<void> {
  const next = clip.metadata.can_remix === false;
  try {
    publishClipChanges([await api.toggleRemixes(clip.id, next)]);
    showToast({
      kind: "success",
      title: `Remixes have been ${next ? "enabled" : "disabled"}.`,
      durationMs: TOAST_MS,
    });
  } catch (error) {
    failed("Failed to update remix permissions.", error);
  }
}

/** Show in Hooks Feed: the song's video cover shown there, or opted out. */
export async function toggleHooksFeed(clip: Clip): Promise<void> {
  const hide = clip.metadata.opt_out_video_cover_hook !== true;
  try {
    publishClipChanges([await api.setMetadata(clip.id, { opt_out_video_cover_hook: hide })]);
    showToast({
      kind: "success",
      title: `Video cover will be ${hide ? "hidden" : "shown"} in Hooks Feed.`,
      durationMs: TOAST_MS,
    });
  } catch (error) {
    failed("Error updating song preferences", error);
  }
}

async function sendPin(clip: Clip, limit: number): Promise<void> {
  try {
    const answer = await api.pinClip(clip.id, limit);
    publishClipChanges([answer.clip]);
    showToast({
      kind: "success",
      title: answer.is_pinned ? PINNED_MESSAGE : UNPINNED_MESSAGE,
      durationMs: PIN_TOAST_MS,
    });
  } catch (error) {
    failed("Error updating song preferences", error);
  }
}

/**
 * Pin to Profile: an unpin goes at once; a pin at the limit (which replaces the oldest) or of a
 * private song (which makes it public) asks first.
 */
export async function togglePin(clip: Clip, context: HandlerContext): Promise<void> {
  if (clip.is_pinned) return sendPin(clip, context.pinLimit);
  let count = 0;
  try {
    count = (await api.pinnedClips()).clips.length;
  } catch (error) {
    failed("Error updating song preferences", error);
    return;
  }
  const ask = pinConfirmation(clip, count, context.pinLimit);
  if (ask === null) return sendPin(clip, context.pinLimit);
  context.openModal({
    kind: "confirm",
    title: ask.title,
    message: ask.message,
    confirmLabel: "Continue",
    run: () => void sendPin(clip, context.pinLimit),
  });
}

/**
 * Not Interested: the song leaves the recommendation lists on screen at once (back if the call
 * fails) and the server keeps it out of later ones; Undo brings it back.
 */
export async function markNotInterested(clip: Clip): Promise<void> {
  const title = displayTitle(clip);
  hideFromRecommendations(clip.id);
  try {
    await api.setNotInterested(clip.id, true);
  } catch (error) {
    showInRecommendations(clip.id);
    failed("Error updating song preferences", error);
    return;
  }
  showToast({
    kind: "info",
    title: `${title} will be hidden in future recommendations`,
    durationMs: 4000,
    action: {
      label: "Undo",
      run: () => {
        api
          .setNotInterested(clip.id, false)
          .then(() => {
            showInRecommendations(clip.id);
            showToast({
              kind: "info",
              title: `${title} will be shown in future recommendations`,
              durationMs: TOAST_MS,
            });
          })
          .catch((error: unknown) => failed("Error updating song preferences", error));
      },
    },
  });
}

/**
 * Like, dislike or none, shown at once; the server's answer then stands, or the song goes back as
 * it was when the call fails.
 */
export async function react(clip: Clip, reaction: ReactionType | null): Promise<void> {
  publishClipChanges([{ ...clip, ...withReaction(clip, reaction) }]);
  try {
    const answer = await api.setReaction(clip.id, reaction);
    publishClipChanges([{ ...clip, reaction: answer.reaction, upvote_count: answer.upvote_count }]);
  } catch (error) {
    publishClipChanges([clip]);
    failed("Error updating song preferences", error);
  }
}

/** Remove from Playlist: the songs leave the viewer's playlist, and the playlist's page drops them. */
export async function leavePlaylist(
  playlistId: string,
  clips: readonly Clip[],
  removed?: (clips: readonly Clip[]) => void,
): Promise<void> {
  try {
    await api.removeFromPlaylist(
      playlistId,
      clips.map((clip) => clip.id),
    );
    removed?.(clips);
    showToast({
      kind: "success",
      title:
        clips.length === 1 ? "Removed song from playlist" : `Removed ${clips.length} songs from playlist`,
      durationMs: TOAST_MS,
    });
  } catch (error) {
    failed("Error updating song preferences", error);
  }
}
