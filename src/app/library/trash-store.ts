// The trash list (GET /api/clips/trashed_v2), numbered pages of the trashed clips, newest first.
// A clip trashed or restored elsewhere on the page enters or leaves it at once.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import { type Clip, FEED_PAGE_SIZE } from "../../shared/api/clips.ts";
import { compareClips } from "../../shared/library/clip-matching.ts";
import { i18n } from "../i18n/i18n.ts";
import { onClipChanges } from "../shell/clip-changes.ts";
import { FetchClipsError, fetchTrashPage } from "./library-fetch.ts";
import type { LibraryProblem } from "./library-store.ts";

export interface TrashState {
  readonly clips: readonly Clip[];
  readonly total: number;
  /** Pages loaded so far (from 1). */
  readonly pages: number;
  readonly loading: boolean;
  readonly loaded: boolean;
  readonly problem: LibraryProblem | null;
}

const initial: TrashState = { clips: [], total: 0, pages: 0, loading: false, loaded: false, problem: null };
export const trashStore = createStore<TrashState>(() => initial);
export const useTrash = <T>(select: (state: TrashState) => T): T => useStore(trashStore, select);

let current: AbortController | null = null;

async function loadPage(page: number): Promise<void> {
  current?.abort();
  const abort = new AbortController();
  current = abort;
  trashStore.setState({ loading: true, problem: null });
  try {
    const answer = await fetchTrashPage(page, abort.signal);
    if (abort.signal.aborted) return;
    trashStore.setState((state) => {
      const known = page === 1 ? [] : state.clips;
      const fresh = answer.clips.filter((clip) => !known.some((shown) => shown.id === clip.id));
      return {
        clips: [...known, ...fresh],
        total: answer.num_total_results,
        pages: page,
        loading: false,
        loaded: true,
      };
    });
  } catch (error) {
    if (abort.signal.aborted) return;
    const problem =
      error instanceof FetchClipsError
        ? { title: error.title, message: error.message }
        : { title: i18n.t("library:trashStore.errorFetchingTrashedClips"), message: String(error) };
    trashStore.setState({ loading: false, loaded: true, problem });
  }
}

/** The first page of the trash, fresh from the server. */
export const showTrash = (): Promise<void> => loadPage(1);

export function loadMoreTrash(): void {
  const state = trashStore.getState();
  if (state.loading || state.problem || state.clips.length >= state.total) return;
  void loadPage(Math.floor(state.clips.length / FEED_PAGE_SIZE) + 1);
}

/** Clips trashed (enter the list), restored or deleted (leave it). */
export function trashListChanged(clips: readonly Clip[], options: { deleted?: boolean } = {}): void {
  trashStore.setState((state) => {
    if (!state.loaded) return state;
    const ids = new Set(clips.map((clip) => clip.id));
    const rest = state.clips.filter((clip) => !ids.has(clip.id));
    const entering = options.deleted ? [] : clips.filter((clip) => clip.is_trashed);
    const list = [...rest, ...entering].sort((a, b) => compareClips("newest", a, b));
    return { clips: list, total: state.total + (list.length - state.clips.length) };
  });
}

// Trashed songs enter the list; restored and deleted ones leave it.
onClipChanges((clips, options) => trashListChanged(clips, options));
