// The songs the listener marked Not Interested during this visit: the recommendation lists on
// screen drop them at once, while the server remembers the mark for every later list. Undo puts a
// song back. App-wide, as the menu that marks and the lists that hide share nothing else.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";

const store = createStore<{ readonly hidden: ReadonlySet<string> }>(() => ({ hidden: new Set() }));

function change(clipId: string, hide: boolean): void {
  const hidden = new Set(store.getState().hidden);
  if (hide) hidden.add(clipId);
  else hidden.delete(clipId);
  store.setState({ hidden });
}

export const hideFromRecommendations = (clipId: string): void => change(clipId, true);
export const showInRecommendations = (clipId: string): void => change(clipId, false);

/** The songs hidden from the recommendation lists on screen. */
export const useNotInterested = (): ReadonlySet<string> => useStore(store, (state) => state.hidden);
