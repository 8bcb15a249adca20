import type { StudioProjectState } from "../../shared/project/index.ts";
import { copy, paste } from "./clipboard.ts";
import { collapseSelection } from "./delete-range.ts";
import { changed, type EditResult, refused } from "./edit-result.ts";
import { type NewId, randomId } from "./ids.ts";
import { markUsed } from "./project-updates.ts";
import { selectionRange } from "./selection.ts";

/**
 * Ctrl+D. In the tracks area the selected tracks are copied in after the last of them; in the
 * timeline the selected range is laid right after itself on the same tracks and the selection moves
 * onto the copy, so pressing again keeps repeating it.
 */
export function duplicate(state: StudioProjectState, newId: NewId = randomId): EditResult {
  const clipboard = copy(state);
  if (clipboard === null) return refused(state);
  if (clipboard.kind === "tracks") {
    const result = paste(state, clipboard, newId);
    return result.state === state ? result : changed(markUsed(result.state, "usedDuplicate"));
  }
  const { end } = selectionRange(state.selection);
  const result = paste(collapseSelection(state, end), clipboard, newId);
  const copied = { ...result.state.selection, anchorBeats: end, focusBeats: end + clipboard.lengthBeats };
  return changed(markUsed({ ...result.state, selection: copied }, "usedDuplicate"));
}
