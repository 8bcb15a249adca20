// Cover and reuse rules: both fill the custom form from another song.

import { withUntimed } from "../conditions.ts";
import type { CreateFormState } from "../form-state.ts";
import { FormChange, type RuleContext, type RuleResult } from "./form-change.ts";
import { coverTitle } from "./titles.ts";

/**
 * Adding a cover removes the timed condition, playlist and inspiration, and sets custom mode, manual
 * lyrics and the '(Cover)' title suffix (in place of a '(Remix)' one).
 */
export function addCover(
  state: CreateFormState,
  cover: { readonly clipId: string; readonly clipTitle: string },
  context: RuleContext,
): RuleResult {
  const change = new FormChange(state);
  change.removeTimed();
  change.removeUntimed("playlist", "remove_inspiration");
  change.removeUntimed("inspiration", "clear_inspiration_clips");
  change.setConditions(withUntimed(change.conditions, "cover", { clipId: cover.clipId }));
  change.setMode("custom");
  change.patch("custom", { lyricsMode: "manual", title: coverTitle(cover.clipTitle) });
  return change.finish(context);
}

/** The user removes the cover: the title loses its suffix. */
export function clearCover(state: CreateFormState, context: RuleContext): RuleResult {
  const change = new FormChange(state);
  change.removeCover(false);
  return change.finish(context);
}

/**
 * Reusing a clip's styles and lyrics removes the timed condition and the playlist; the song's
 * weirdness and style influence come along with them.
 */
export function reuseStylesAndLyrics(
  state: CreateFormState,
  source: {
    readonly clipId: string;
    readonly styles: string;
    readonly lyrics: string;
    /** The song's weirdness and style influence, in percent. */
    readonly settings: { readonly weirdness: number; readonly styleInfluence: number };
  },
  context: RuleContext,
): RuleResult {
  const change = new FormChange(state);
  change.removeTimed();
  change.removeUntimed("playlist", "remove_inspiration");
  change.setConditions(withUntimed(change.conditions, "reuseStylesLyrics", { clipId: source.clipId }));
  change.setMode("custom");
  change.patch("custom", {
    reusedFromClipId: source.clipId,
    styles: source.styles,
    lyrics: source.lyrics,
    weirdness: source.settings.weirdness,
    styleInfluence: source.settings.styleInfluence,
  });
  return change.finish(context);
}
