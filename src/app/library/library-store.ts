// The library's list: the filters, the clips loaded for them, and how they were loaded (cursor
// pages one after another, or one numbered page). Every load belongs to the filters it was asked
// for: an answer arriving after the filters changed is dropped, so no stale list overwrites a newer
// one. Live changes of a clip are placed by the filter model.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import { type Clip, FEED_PAGE_SIZE } from "../../shared/api/clips.ts";
import { placeClip } from "../../shared/library/clip-matching.ts";
import {
  DEFAULT_LIBRARY_FILTERS,
  type LibraryFilters,
  sameFilters,
  toFeedFilters,
} from "../../shared/library/library-filters.ts";
import { needsRefill } from "../../shared/library/selection.ts";
import { ApiError } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { onClipChanges } from "../shell/clip-changes.ts";
import { cursorForPage, FetchClipsError, fetchFeedPage, forgetLibraryPages } from "./library-fetch.ts";

export interface LibraryProblem {
  readonly title: string;
  readonly message: string;
}

export interface LibraryState {
  readonly userId: string | null;
  readonly filters: LibraryFilters;
  readonly clips: readonly Clip[];
  readonly nextCursor: string | null;
  readonly hasMore: boolean;
  readonly loading: boolean;
  /** The first page has arrived for these filters. */
  readonly loaded: boolean;
  readonly problem: LibraryProblem | null;
  /** Page mode: the numbered page shown; null in infinite mode. */
  readonly page: number | null;
}

const initial: LibraryState = {
  userId: null,
  filters: DEFAULT_LIBRARY_FILTERS,
  clips: [],
  nextCursor: null,
  hasMore: false,
  loading: false,
  loaded: false,
  problem: null,
  page: null,
};

export const libraryStore = createStore<LibraryState>(() => initial);
export const useLibrary = <T>(select: (state: LibraryState) => T): T => useStore(libraryStore, select);

/** The load under way; a newer one aborts it, and its answer is then ignored. */
let current: AbortController | null = null;

function begin(): AbortSignal {
  current?.abort();
  current = new AbortController();
  return current.signal;
}

const problemOf = (error: unknown): LibraryProblem =>
  error instanceof FetchClipsError
    ? { title: error.title, message: error.message }
    : {
        title: i18n.t("library:libraryStore.errorFetchingLibraryClips"),
        message: error instanceof Error ? error.message : String(error),
      };

async function load(
  signal: AbortSignal,
  cursor: string | null,
  append: boolean,
  page: number | null,
): Promise<void> {
  const { userId, filters } = libraryStore.getState();
  if (userId === null) return;
  libraryStore.setState({ loading: true, problem: null });
  try {
    const answer = await fetchFeedPage(toFeedFilters(filters, userId), cursor, signal);
    if (signal.aborted) return;
    libraryStore.setState((state) => ({
      clips: append
        ? [
            ...state.clips,
            ...answer.clips.filter((clip) => !state.clips.some((shown) => shown.id === clip.id)),
          ]
        : answer.clips,
      nextCursor: answer.next_cursor,
      hasMore: answer.has_more,
      loading: false,
      loaded: true,
      page,
    }));
  } catch (error) {
    if (signal.aborted) return;
    libraryStore.setState({ loading: false, loaded: true, problem: problemOf(error) });
  }
}

/** Shows the library of `userId` under `filters`; the same filters again keep what is loaded. */
export function showLibrary(userId: string, filters: LibraryFilters): void {
  const state = libraryStore.getState();
  if (state.userId === userId && sameFilters(state.filters, filters) && (state.loaded || state.loading))
    return;
  // Changing filters resets the results and leaves page mode.
  libraryStore.setState({ ...initial, userId, filters, loading: true });
  void load(begin(), null, false, null);
}

/** Infinite mode: the next cursor page, when there is one and nothing is loading. */
export function loadMore(): void {
  const state = libraryStore.getState();
  if (state.loading || !state.hasMore || state.nextCursor === null || state.page !== null || state.problem)
    return;
  const signal = begin();
  void load(signal, state.nextCursor, true, null);
}

/** Loads again what failed, or the first page. */
export function reloadLibrary(): void {
  const state = libraryStore.getState();
  if (state.userId === null) return;
  if (state.page !== null) void goToPage(state.page);
  else void load(begin(), state.clips.length > 0 ? state.nextCursor : null, state.clips.length > 0, null);
}

/** A page that could not be reached, in the reader's language. */
const pageNavigationError = () => ({
  title: i18n.t("library:libraryStore.errorNavigatingToPage"),
  message: i18n.t("library:libraryStore.failedToNavigate"),
});

/**
 * Page mode: page N (2 or more) starts after the clip at offset (N-1)*size-1; page 1 or lower
 * leaves page mode and shows the first page again.
 */
export async function goToPage(page: number): Promise<void> {
  const { userId, filters } = libraryStore.getState();
  if (userId === null) return;
  const signal = begin();
  if (page <= 1) {
    libraryStore.setState({ clips: [], nextCursor: null, hasMore: false, page: null, loaded: false });
    return load(signal, null, false, null);
  }
  libraryStore.setState({ loading: true, problem: null });
  let cursor: string | null;
  try {
    cursor = await cursorForPage(toFeedFilters(filters, userId), page, signal);
  } catch (error) {
    if (signal.aborted) return;
    const unsupported = error instanceof FetchClipsError && /\b(404|405)\b/.test(error.message);
    const refused = error instanceof ApiError && (error.status === 404 || error.status === 405);
    libraryStore.setState({
      loading: false,
      problem:
        unsupported || refused
          ? { title: pageNavigationError().title, message: i18n.t("library:libraryStore.noOffsetPagination") }
          : pageNavigationError(),
    });
    return;
  }
  if (signal.aborted) return;
  if (cursor === null) {
    libraryStore.setState({
      loading: false,
      clips: [],
      hasMore: false,
      nextCursor: null,
      page,
      problem: null,
    });
    return;
  }
  return load(signal, cursor, false, page);
}

/** Leaves page mode for infinite mode, from the first page. */
export const leavePageMode = (): Promise<void> => goToPage(1);

/** Clips that changed (a generation, a trash, a restore): each put in or taken out by the filters. */
export function applyClipChanges(changed: readonly Clip[]): void {
  const before = libraryStore.getState().clips.length;
  libraryStore.setState((state) => {
    if (state.userId === null || !state.loaded) return state;
    const complete = !state.hasMore;
    let clips = state.clips;
    for (const clip of changed) clips = placeClip(clips, clip, state.filters, state.userId, complete);
    return clips === state.clips ? state : { clips };
  });
  const after = libraryStore.getState();
  if (
    after.clips.length >= before ||
    after.loading ||
    !needsRefill(after.clips.length, after.hasMore, FEED_PAGE_SIZE)
  )
    return;
  if (after.page !== null) void goToPage(after.page);
  else loadMore();
}

/** Forgets everything (sign-out, tests). */
export function resetLibrary(): void {
  current?.abort();
  libraryStore.setState(initial);
}

// A song changed by an action: the cached pages are stale, and the shown list takes it in or out.
onClipChanges((clips, options) => {
  forgetLibraryPages();
  if (!options.deleted) applyClipChanges(clips);
});
