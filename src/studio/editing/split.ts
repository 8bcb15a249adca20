import type { StudioProjectState } from "../../shared/project/index.ts";
import type { Beats } from "../../shared/time.ts";
import { removeCreationIntent, removeRange, selectedCreationIntent } from "./delete-range.ts";
import { type NewId, randomId } from "./ids.ts";
import { isSelectionEmpty, selectedTrackIds, selectionRange } from "./selection.ts";

/**
 * Ctrl+E: splits the clips of the selected tracks at both edges of the selected range, or at the
 * playhead when no range is selected. A selected creation intent is removed instead.
 */
export function split(
  state: StudioProjectState,
  playhead: Beats,
  newId: NewId = randomId,
): StudioProjectState {
  const intent = selectedCreationIntent(state);
  if (intent !== null) return removeCreationIntent(state, intent);
  const trackIds = selectedTrackIds(state);
  if (isSelectionEmpty(state.selection))
    return removeRange(state, trackIds, playhead, playhead, false, newId);
  const { start, end } = selectionRange(state.selection);
  const atStart = removeRange(state, trackIds, start, start, false, newId);
  return removeRange(atStart, trackIds, end, end, false, newId);
}
