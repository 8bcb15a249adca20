// The library's filters as the page holds them: each tri-state (True / False / Any), the search
// text and the sort. They turn into the feed v3 request, and into the address and back, so a reload
// or a shared link shows the same list.

import { DEFAULT_WORKSPACE_ID, SEARCH_TEXT_MAX } from "../api/clips.ts";
import { type FeedFilters, TRI_STATES, type TriState } from "../api/feed-query-schemas.ts";

/** Filters on a clip's own flags. */
export const FLAG_FILTERS = [
  "liked",
  "disliked",
  "public",
  "fullSong",
  "upload",
  "belowLoudnessThreshold",
] as const;
/** Filters on what a clip was made from or belongs to (presence filters). */
export const PRESENCE_FILTERS = [
  "stem",
  "persona",
  "cover",
  "extend",
  "remaster",
  "concat",
  "workspace",
  "playlist",
  "fromStudioProject",
] as const;
export type FlagFilter = (typeof FLAG_FILTERS)[number];
export type PresenceFilter = (typeof PRESENCE_FILTERS)[number];
export type FilterName = FlagFilter | PresenceFilter;
export const FILTER_NAMES: readonly FilterName[] = [...FLAG_FILTERS, ...PRESENCE_FILTERS];

export const LIBRARY_SORTS = ["newest", "oldest", "plays"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

export interface LibraryFilters {
  readonly states: Readonly<Record<FilterName, TriState>>;
  /** As typed; trimmed when sent. */
  readonly search: string;
  readonly sort: LibrarySort;
  /** One workspace's songs (the default workspace's id for songs in no other); null: every workspace. */
  readonly workspaceId: string | null;
}

/**
 * The library's defaults: disliked songs, generated stems and studio exports are hidden until the
 * user asks for them; everything else shows.
 */
export const DEFAULT_LIBRARY_FILTERS: LibraryFilters = {
  states: {
    ...(Object.fromEntries(FILTER_NAMES.map((name) => [name, "Any"])) as Record<FilterName, TriState>),
    disliked: "False",
    stem: "False",
    fromStudioProject: "False",
  },
  search: "",
  sort: "newest",
  workspaceId: null,
};

const SORT_REQUEST: Record<LibrarySort, NonNullable<FeedFilters["sort"]>> = {
  newest: { sortBy: "created_at", sortDirection: "desc" },
  oldest: { sortBy: "created_at", sortDirection: "asc" },
  plays: { sortBy: "play_count", sortDirection: "desc" },
};

/**
 * The feed v3 filters for the user's library: scoped to the user and out of the trash; Any is left
 * out (the server ignores it anyway, and the request stays short). One workspace chosen (not the
 * default one, which is each person's own) lists every member's songs in it.
 */
export function toFeedFilters(filters: LibraryFilters, userId: string): FeedFilters {
  const oneWorkspace = filters.workspaceId !== null && filters.workspaceId !== DEFAULT_WORKSPACE_ID;
  const request: Record<string, unknown> = {
    ...(oneWorkspace ? {} : { user: { presence: "True", userId } }),
    trashed: "False",
    sort: SORT_REQUEST[filters.sort],
  };
  for (const name of FLAG_FILTERS) {
    const state = filters.states[name];
    if (state !== "Any") request[name] = state;
  }
  for (const name of PRESENCE_FILTERS) {
    const state = filters.states[name];
    if (state !== "Any") request[name] = { presence: state };
  }
  // One workspace chosen: its songs only, whatever the workspace filter says.
  if (filters.workspaceId !== null)
    request.workspace = { presence: "True", workspaceId: filters.workspaceId };
  const search = filters.search.trim();
  if (search !== "") request.searchText = search;
  return request as FeedFilters;
}

/** The address's names for the states, short and readable. */
/** The feed's limit on a workspace id. */
const WORKSPACE_ID_MAX = 200;

const STATE_PARAM: Record<TriState, string> = { True: "yes", False: "no", Any: "any" };
const PARAM_STATE: Record<string, TriState> = { yes: "True", no: "False", any: "Any" };

/** The address's query for these filters: only what differs from the defaults. */
export function filtersToQuery(filters: LibraryFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const state = filters.states[name];
    if (state !== DEFAULT_LIBRARY_FILTERS.states[name]) query.set(name, STATE_PARAM[state]);
  }
  if (filters.search.trim() !== "") query.set("q", filters.search.trim());
  if (filters.sort !== DEFAULT_LIBRARY_FILTERS.sort) query.set("sort", filters.sort);
  if (filters.workspaceId !== null) query.set("wid", filters.workspaceId);
  return query;
}

export interface ParsedLibraryQuery {
  readonly filters: LibraryFilters;
  /** Parameters whose value the page does not know: each is left at its default, and said so. */
  readonly unknown: readonly string[];
}

/** The filters an address holds; a value the page does not know keeps that filter's default. */
export function filtersFromQuery(address: string): ParsedLibraryQuery {
  const query = new URLSearchParams(address);
  const unknown: string[] = [];
  const states = { ...DEFAULT_LIBRARY_FILTERS.states };
  for (const name of FILTER_NAMES) {
    const value = query.get(name);
    if (value === null) continue;
    const state = PARAM_STATE[value.toLowerCase()] ?? TRI_STATES.find((known) => known === value);
    if (state === undefined) unknown.push(name);
    else states[name] = state;
  }
  const sortValue = query.get("sort");
  let sort = DEFAULT_LIBRARY_FILTERS.sort;
  if (sortValue !== null) {
    if ((LIBRARY_SORTS as readonly string[]).includes(sortValue)) sort = sortValue as LibrarySort;
    else unknown.push("sort");
  }
  const search = (query.get("q") ?? "").trim().slice(0, SEARCH_TEXT_MAX);
  const wid = query.get("wid")?.trim().slice(0, WORKSPACE_ID_MAX) || null;
  return { filters: { states, search, sort, workspaceId: wid }, unknown };
}

/** Whether two filter sets ask for the same list (the search compared trimmed). */
export const sameFilters = (a: LibraryFilters, b: LibraryFilters): boolean =>
  a.sort === b.sort &&
  a.workspaceId === b.workspaceId &&
  a.search.trim() === b.search.trim() &&
  FILTER_NAMES.every((name) => a.states[name] === b.states[name]);
