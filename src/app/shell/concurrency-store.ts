// The out-of-concurrency flag: a basic user's 429 'Too many running jobs' sets
// it along with the upsell; it clears when one of their songs finishes or the next generation starts.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import { clipsStore } from "./clips-store.ts";

export const concurrencyStore = createStore<{ readonly outSince: number | null }>(() => ({ outSince: null }));

export const useOutOfConcurrency = (): boolean =>
  useStore(concurrencyStore, (state) => state.outSince !== null);

export const markOutOfConcurrency = (now = Date.now()) => concurrencyStore.setState({ outSince: now });
export const clearOutOfConcurrency = () => concurrencyStore.setState({ outSince: null });

clipsStore.subscribe((state) => {
  const since = concurrencyStore.getState().outSince;
  if (since === null) return;
  const finished = Object.values(state.byId).some(
    (tracked) =>
      (tracked.clip.status === "complete" || tracked.clip.status === "error") && tracked.statusSince >= since,
  );
  if (finished) clearOutOfConcurrency();
});
