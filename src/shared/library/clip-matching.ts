// Whether a changed clip belongs in the library's visible list, and where: the same kinds and
// search the server's feed filters apply, read from the clip the pages hold, so a live update can be
// inserted or removed without asking the server again.

import { type Clip, DEFAULT_WORKSPACE_ID } from "../api/clips.ts";
import type { TriState } from "../api/feed-query-schemas.ts";
import type { FilterName, LibraryFilters, LibrarySort } from "./library-filters.ts";
import { FILTER_NAMES } from "./library-filters.ts";

const STEM_TASKS = new Set(["gen_stem", "stem", "stem_condition"]);
const EXTEND_TYPES = new Set(["extend", "upload_extend"]);
const EXTEND_TASKS = new Set([
  "extend",
  "upload_extend",
  "infill_outro",
  "cover_extend",
  "artist_extend",
  "artist_cover_extend",
]);
const CONCAT_TYPES = new Set(["concat", "concat_infilling"]);

const typeOf = (clip: Clip) => clip.metadata.type ?? "gen";
const taskOf = (clip: Clip) => clip.metadata.task ?? "";
const isSet = (value: unknown) => value !== null && value !== undefined;

/** What kind of clip this is, for each filter: the rules of the server's feed filters. */
const KIND: Record<Exclude<FilterName, "playlist">, (clip: Clip) => boolean> = {
  liked: (clip) => clip.reaction?.reaction_type === "L",
  disliked: (clip) => clip.reaction?.reaction_type === "D",
  public: (clip) => clip.is_public,
  fullSong: (clip) => CONCAT_TYPES.has(typeOf(clip)),
  upload: (clip) => typeOf(clip) === "upload",
  belowLoudnessThreshold: (clip) => clip.metadata.is_loudness_under_threshold === true,
  stem: (clip) => typeOf(clip) === "stem" || STEM_TASKS.has(taskOf(clip)),
  persona: (clip) => clip.persona !== null || isSet(clip.metadata.persona_id),
  cover: (clip) => isSet(clip.metadata.cover_clip_id) || taskOf(clip).includes("cover"),
  extend: (clip) => EXTEND_TYPES.has(typeOf(clip)) || EXTEND_TASKS.has(taskOf(clip)),
  remaster: (clip) => taskOf(clip) === "upsample" || isSet(clip.metadata.upsample_clip_id),
  concat: (clip) => CONCAT_TYPES.has(typeOf(clip)),
  workspace: (clip) => clip.project !== null,
  fromStudioProject: (clip) =>
    typeOf(clip) === "studio_export" || isSet(clip.metadata.from_studio_project_id),
};

const passes = (state: TriState, kind: boolean) => state === "Any" || (state === "True") === kind;

/**
 * The clip the pages hold does not name its playlists. One already listed passed the server's
 * playlist filter when it was loaded, so it keeps passing; any other is taken to be in none (a
 * new song is in no playlist, and adding to a playlist is not a clip change).
 */
function passesFilter(name: FilterName, state: TriState, clip: Clip, listed: boolean): boolean {
  if (name === "playlist") return listed || passes(state, false);
  return passes(state, KIND[name](clip));
}

/** Case-insensitive, within one of title, tags, negative tags and prompt. */
export function matchesSearchText(clip: Clip, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === "") return true;
  const fields = [clip.title, clip.metadata.tags, clip.metadata.negative_tags, clip.metadata.prompt];
  return fields.some((field) => (field ?? "").toLowerCase().includes(needle));
}

/**
 * Whether the clip belongs in the user's library under these filters: the user's own (or, with one
 * shared workspace chosen, any member's song in it), not trashed, not failed (clips in error are
 * hidden from the library), and passing each filter and the search. `listed`: the clip is in the
 * visible list already.
 */
export function clipMatches(clip: Clip, filters: LibraryFilters, userId: string, listed = false): boolean {
  const inChosenWorkspace =
    filters.workspaceId !== null &&
    filters.workspaceId !== DEFAULT_WORKSPACE_ID &&
    clip.project?.id === filters.workspaceId;
  if ((clip.user_id !== userId && !inChosenWorkspace) || clip.is_trashed || clip.status === "error")
    return false;
  // A chosen workspace stands in for the workspace filter, as in the request.
  const checked =
    filters.workspaceId === null ? FILTER_NAMES : FILTER_NAMES.filter((name) => name !== "workspace");
  if (!checked.every((name) => passesFilter(name, filters.states[name], clip, listed))) return false;
  if (filters.workspaceId !== null && (clip.project?.id ?? DEFAULT_WORKSPACE_ID) !== filters.workspaceId)
    return false;
  return matchesSearchText(clip, filters.search);
}

/** The list's order: the sort key, then the id, in the sort's direction (the server's keyset order). */
export function compareClips(sort: LibrarySort, a: Clip, b: Clip): number {
  const byKey =
    sort === "plays"
      ? b.play_count - a.play_count
      : sort === "newest"
        ? Date.parse(b.created_at) - Date.parse(a.created_at)
        : Date.parse(a.created_at) - Date.parse(b.created_at);
  if (byKey !== 0) return byKey;
  const byId = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return sort === "oldest" ? byId : -byId;
}

/**
 * The visible list after a clip changed: removed when it no longer matches, put in sort order when
 * it does. A clip sorting after the last loaded one is left for the next page to bring, unless the
 * list is complete (`complete`: nothing more to load), so no clip shows twice.
 */
export function placeClip(
  list: readonly Clip[],
  clip: Clip,
  filters: LibraryFilters,
  userId: string,
  complete: boolean,
): readonly Clip[] {
  const without = list.filter((shown) => shown.id !== clip.id);
  const listed = without.length !== list.length;
  if (!clipMatches(clip, filters, userId, listed)) return listed ? without : list;
  const index = without.findIndex((shown) => compareClips(filters.sort, clip, shown) < 0);
  if (index === -1) return complete ? [...without, clip] : without;
  return [...without.slice(0, index), clip, ...without.slice(index)];
}
