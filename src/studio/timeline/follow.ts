// Following the playhead while playing. The view pages rather than scrolls: it stays still while
// the playhead crosses it, and when the playhead nears the right edge the next page starts just
// behind it. A still view can be read and clicked (clips do not slide under the pointer), and the
// renderer only moves its layers when the view leaves the drawn window, where a view kept centred
// would move every frame.

/** The view pages once the playhead is this far across it... */
export const FOLLOW_PAGE_AT = 0.9;
/** ...so that the playhead is then this far across the new page. */
export const FOLLOW_PAGE_TO = 0.1;

/**
 * Where the view should start so the playhead stays in it, or null when it can stay where it is:
 * a playhead past FOLLOW_PAGE_AT of the view, or before its left edge (a loop wrapped, a seek),
 * puts the view's start FOLLOW_PAGE_TO of a view before the playhead, never before beat 0.
 */
export function followedStartBeat(
  playheadBeats: number,
  startBeat: number,
  viewBeats: number,
): number | null {
  if (!(viewBeats > 0)) return null;
  const fraction = (playheadBeats - startBeat) / viewBeats;
  if (fraction >= 0 && fraction <= FOLLOW_PAGE_AT) return null;
  return Math.max(0, playheadBeats - FOLLOW_PAGE_TO * viewBeats);
}
