// The clip actions that make new songs: Create Variations (two new takes covering the song, with its
// styles and lyrics), Get Full Song (the song joined with the parts it extends), Confirm Section (a
// replaced section made part of the whole song) through the generation pipeline, and Merge Songs
// (several songs joined into one, finished when the server answers). Each new clip joins the list
// at once.

import { type Clip, clipSchema } from "../../shared/api/clips.ts";
import { generateResponseSchema } from "../../shared/api/generate.ts";
import { mergeOrder } from "../../shared/clip-actions/merge-rules.ts";
import { ApiError, apiRequest } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { dismissToast, showToast } from "../shell/toast-store.ts";
import { showNewClips } from "./new-clips.ts";

const ERROR_MS = 5000;
const STARTED_MS = 3000;

/** The actions' words, read when a toast shows (the song menu that started it loaded them). */
const say = (key: string): string => i18n.t(`songMenu:actions.${key}`);

function refused(title: string, error: unknown): void {
  console.warn(title, error);
  const description = error instanceof ApiError ? error.detail : undefined;
  showToast({ kind: "error", title, description, durationMs: ERROR_MS });
}

export async function createVariations(clip: Clip): Promise<void> {
  try {
    const answer = await apiRequest("/api/generate/v2/", generateResponseSchema, {
      method: "POST",
      body: {
        task: "cover",
        cover_clip_id: clip.id,
        title: clip.title,
        tags: clip.metadata.tags ?? "",
        prompt: clip.metadata.prompt ?? "",
        make_instrumental: clip.metadata.has_vocal === false,
        mv: clip.model_name || undefined,
        metadata: { create_mode: "custom" },
      },
    });
    showNewClips(answer.clips);
    showToast({ kind: "info", title: say("creatingVariations"), durationMs: STARTED_MS });
  } catch (error) {
    refused(say("variationsFailed"), error);
  }
}

/** Joins the song into a whole one; `started` and `failed` name the toasts' words. */
async function concat(clip: Clip, body: Record<string, unknown>, started: string, failed: string) {
  try {
    const full = await apiRequest("/api/generate/concat/v2/", clipSchema, {
      method: "POST",
      body: { clip_id: clip.id, ...body },
    });
    showNewClips([full]);
    showToast({ kind: "info", title: say(started), durationMs: STARTED_MS });
  } catch (error) {
    refused(say(failed), error);
  }
}

export const getFullSong = (clip: Clip) =>
  concat(clip, { is_infill: false }, "gettingFullSong", "fullSongFailed");

/** The editor that replaced the section passes its session, so the server can tell its edits apart. */
export const confirmSection = (clip: Clip, options: { readonly editSessionId?: string } = {}) =>
  concat(
    clip,
    { is_infill: true, ...(options.editSessionId ? { edit_session_id: options.editSessionId } : {}) },
    "confirmingSection",
    "sectionFailed",
  );

/** Joining decodes and encodes every song on the server: a long wait says it is under way. */
export async function mergeSongs(clips: readonly Clip[]): Promise<void> {
  const merging = showToast({
    kind: "info",
    title: i18n.t("songMenu:actions.merging", { count: clips.length }),
    durationMs: null,
  });
  try {
    const merged = await apiRequest("/api/generate/merge/", clipSchema, {
      method: "POST",
      body: { clip_ids: mergeOrder(clips) },
    });
    showNewClips([merged]);
    showToast({ kind: "success", title: say("merged"), durationMs: STARTED_MS });
  } catch (error) {
    refused(say("mergeFailed"), error);
  } finally {
    dismissToast(merging);
  }
}
