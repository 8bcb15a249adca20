// Inspiration playlist rules, and the conflicts of conditions that arrive together.

import { voxPersonaEnabled, withUntimed } from "../conditions.ts";
import type { CreateFormState } from "../form-state.ts";
import { FormChange, type RuleContext, type RuleResult } from "./form-change.ts";

/**
 * Adding an inspiration playlist removes the timed condition, the inspiration clips and the persona
 * (unless the vox persona is on), and resets cover, styles-and-lyrics reuse and the speed clip and
 * the model to the user's default; an empty title becomes 'Inspired by' and the playlist's name.
 */
export function addPlaylist(
  state: CreateFormState,
  playlist: { readonly playlistId: string; readonly playlistName: string },
  context: RuleContext,
): RuleResult {
  const change = new FormChange(state);
  change.removeTimed();
  change.removeUntimed("inspiration", "clear_inspiration_clips");
  if (!voxPersonaEnabled(change.conditions)) change.removePersona(true, context.voxPersonaAvailable);
  change.removeCover(true);
  change.removeUntimed("reuseStylesLyrics");
  change.patch("custom", { reusedFromClipId: null });
  change.patch("adjustSpeed", { clipId: null });
  change.setModel(context.defaultModel);
  change.setConditions(withUntimed(change.conditions, "playlist", playlist));
  if (change.state.custom.title.trim() === "") {
    change.patch("custom", { title: `Inspired by ${playlist.playlistName}` });
  }
  return change.finish(context);
}

export function clearPlaylist(state: CreateFormState, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.removeUntimed("playlist");
  return change.finish(context);
}

/**
 * Conditions that arrive together (restored memory, a synced form): extend with a playlist drops the
 * playlist; a playlist with vocals or instrumental drops the playlist and then the timed condition.
 */
export function reconcileConditions(state: CreateFormState, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  const timed = change.conditions.timed;
  if (change.conditions.untimed.playlist && timed) {
    change.removeUntimed("playlist", "remove_inspiration");
    if (timed.type === "underpaint" || timed.type === "overpaint") change.removeTimed();
  }
  return change.finish(context);
}
