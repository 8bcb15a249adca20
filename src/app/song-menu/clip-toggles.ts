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
import { i18n } from "../i18n/i18n.ts";
import { publishClipChanges } from "../shell/clip-changes.ts";
import { hideFromRecommendations, showInRecommendations } from "../shell/not-interested-store.ts";
import { showToast } from "../shell/toast-store.ts";
import type { HandlerContext } from "./clip-action-handlers.ts";
import * as api from "./clip-settings-api.ts";

const TOAST_MS = 3000;

/** The song menu's words, read when a toast shows (the menu that started it loaded them). */
const say = (key: string, values?: Record<string, unknown>): string =>
  i18n.t(`songMenu:${key}`, values ?? {});

/** A refused change: the product's words, the cause in the console. */
function failed(title: string, error: unknown): void {
  console.warn(title, error);
  showToast({ kind: "error", title, description: say("modal.tryLater"), durationMs: 5000 });
}

export async function toggleAllowComments(clip: Clip): Promise<void> {
  const next = !clip.allow_comments;
  try {
    publishClipChanges([await api.toggleComments(clip.id, next)]);
    showToast({
      kind: "success",
      title: say(next ? "toggles.commentsOn" : "toggles.commentsOff"),
      durationMs: TOAST_MS,
    });
  } catch (error) {
    failed(say("modal.preferencesFailed"), error);
  }
}

export async function toggleAllowRemixes(clip: Clip): Promise<void> {
  const next = clip.metadata.can_remix === false;
  try {
    publishClipChanges([await api.toggleRemixes(clip.id, next)]);
    showToast({
      kind: "success",
      title: say(next ? "toggles.remixesOn" : "toggles.remixesOff"),
      durationMs: TOAST_MS,
    });
  } catch (error) {
    failed(say("toggles.remixesFailed"), error);
  }
}

/** Show in Hooks Feed: the song's video cover shown there, or opted out. */
export async function toggleHooksFeed(clip: Clip): Promise<void> {
  const hide = clip.metadata.opt_out_video_cover_hook !== true;
  try {
    publishClipChanges([await api.setMetadata(clip.id, { opt_out_video_cover_hook: hide })]);
    showToast({
      kind: "success",
      title: say(hide ? "toggles.hooksHidden" : "toggles.hooksShown"),
      durationMs: TOAST_MS,
    });
  } catch (error) {
    failed(say("modal.preferencesFailed"), error);
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
    failed(say("modal.preferencesFailed"), error);
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
    failed(say("modal.preferencesFailed"), error);
    return;
  }
  const ask = pinConfirmation(clip, count, context.pinLimit);
  if (ask === null) return sendPin(clip, context.pinLimit);
  context.openModal({
    kind: "confirm",
    title: ask.title,
    message: ask.message,
    confirmLabel: say("modal.continue"),
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
    failed(say("modal.preferencesFailed"), error);
    return;
  }
  showToast({
    kind: "info",
    title: say("toggles.hidden", { title }),
    durationMs: 4000,
    action: {
      label: say("toggles.undo"),
      run: () => {
        api
          .setNotInterested(clip.id, false)
          .then(() => {
            showInRecommendations(clip.id);
            showToast({
              kind: "info",
              title: say("toggles.shown", { title }),
              durationMs: TOAST_MS,
            });
          })
          .catch((error: unknown) => failed(say("modal.preferencesFailed"), error));
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
    failed(say("modal.preferencesFailed"), error);
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
      title: say("toggles.removedFromPlaylist", { count: clips.length }),
      durationMs: TOAST_MS,
    });
  } catch (error) {
    failed(say("modal.preferencesFailed"), error);
  }
}
