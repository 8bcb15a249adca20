import { sql } from "kysely";
import { DEFAULT_WORKSPACE_ID } from "../../shared/api/clips.ts";
import type { FeedFilters, FeedV2Query, TriState } from "../../shared/api/feed-query-schemas.ts";
import { and, CLIP_KIND, matchesSearch, metadataEquals, not, type Predicate } from "./clip-kinds.ts";

const NO_CLIPS = sql<boolean>`false`;

/** True keeps matching clips, False drops them, Any (or absent) does nothing. */
function triState(state: TriState | undefined, predicate: Predicate): Predicate[] {
  if (state === undefined || state === "Any") return [];
  return [state === "True" ? predicate : not(predicate)];
}

/** A presence filter: the kind, narrowed to one source when an id is given. */
function presence(
  filter: { presence: TriState } | undefined,
  kind: Predicate,
  narrowed?: Predicate,
): Predicate[] {
  if (!filter) return [];
  return triState(filter.presence, narrowed ? and([kind, narrowed]) : kind);
}

const derivedFrom = (fromClipId: string | undefined, field?: string) => {
  if (fromClipId === undefined) return undefined;
  const root = sql<boolean>`coalesce(clips.root_clip_id = ${fromClipId}, false)`;
  return field ? sql<boolean>`(${metadataEquals(field, fromClipId)} or ${root})` : root;
};

/**
 * The one shared-or-own workspace the filters keep the feed to, or null: only its members may list
 * it, and they see each other's songs in it (the library page filtered by a workspace).
 */
export function namedWorkspace(filters: FeedFilters): string | null {
  const id = filters.workspace?.presence === "True" ? filters.workspace.workspaceId : undefined;
  return id === undefined || id === DEFAULT_WORKSPACE_ID ? null : id;
}

function workspace(workspaceId: string | undefined): Predicate {
  if (workspaceId === undefined) return sql<boolean>`(clips.project_id is not null)`;
  if (workspaceId === DEFAULT_WORKSPACE_ID) return sql<boolean>`(clips.project_id is null)`;
  return sql<boolean>`coalesce(clips.project_id = ${workspaceId}, false)`;
}

/**
 * Whether the clip is in a playlist the viewer may see (their own, or a public one not trashed),
 * narrowed to one playlist when an id is given. Without an id, only the viewer's own playlists
 * count: "in a playlist" in the library means one the user made. A playlist the viewer may not see
 * holds nothing for them, so its songs are never revealed by filtering on it.
 */
function inPlaylist(playlistId: string | undefined, viewerId: string | null): Predicate {
  const owned = viewerId === null ? NO_CLIPS : sql<boolean>`(playlists.user_id = ${viewerId})`;
  const seen =
    playlistId === undefined
      ? sql<boolean>`(${owned} and not playlists.is_trashed)`
      : sql<boolean>`(playlists.id = ${playlistId} and (${owned} or (playlists.is_public and not playlists.is_trashed)))`;
  return sql<boolean>`exists (select 1 from playlist_clips join playlists on playlists.id = playlist_clips.playlist_id where playlist_clips.clip_id = clips.id and ${seen})`;
}

/**
 * The conditions of POST /api/feed/v3 (001 "Feed filters"), on top of visibility. Clips in error
 * are left out (001: hidden from feed and library) unless asked for by id, which is how pages poll.
 * `ownOnly`: whether they keep only the viewer's own clips (the library page's request), judged
 * from the same user id as the user condition, so visibility may be skipped.
 */
export function feedFilterConditions(
  filters: FeedFilters,
  viewerId: string | null,
): { conditions: Predicate[]; ownOnly: boolean } {
  const byId = filters.ids?.presence === "True";
  const ids = filters.ids?.clipIds ?? [];
  const idsMatch = ids.length > 0 ? sql<boolean>`(clips.id in (${sql.join(ids)}))` : NO_CLIPS;
  const userId = filters.user?.userId ?? viewerId;
  const userMatch = userId ? sql<boolean>`(clips.user_id = ${userId})` : NO_CLIPS;
  const ownOnly = viewerId !== null && filters.user?.presence === "True" && userId === viewerId;
  const personaId = filters.persona?.personaId;
  const conditions = [
    ...(byId ? [] : [sql<boolean>`(clips.status <> 'error')`]),
    ...(filters.ids ? triState(filters.ids.presence, idsMatch) : []),
    ...triState(filters.trashed ?? "False", sql<boolean>`clips.is_trashed`),
    ...triState(filters.liked, CLIP_KIND.liked),
    ...triState(filters.disliked, CLIP_KIND.disliked),
    ...triState(filters.public, sql<boolean>`clips.is_public`),
    ...triState(filters.fullSong, CLIP_KIND.fullSong),
    ...triState(filters.upload, CLIP_KIND.upload),
    ...triState(filters.belowLoudnessThreshold, CLIP_KIND.belowLoudnessThreshold),
    ...presence(filters.stem, CLIP_KIND.stem, derivedFrom(filters.stem?.fromClipId, "stem_from_id")),
    ...presence(
      filters.persona,
      CLIP_KIND.persona,
      personaId === undefined
        ? undefined
        : sql<boolean>`coalesce(coalesce(clips.persona_id, clips.metadata->>'persona_id') = ${personaId}, false)`,
    ),
    ...presence(filters.cover, CLIP_KIND.cover, derivedFrom(filters.cover?.fromClipId, "cover_clip_id")),
    ...presence(filters.extend, CLIP_KIND.extend, derivedFrom(filters.extend?.fromClipId)),
    ...presence(
      filters.remaster,
      CLIP_KIND.remaster,
      derivedFrom(filters.remaster?.fromClipId, "upsample_clip_id"),
    ),
    ...presence(filters.concat, CLIP_KIND.concat, derivedFrom(filters.concat?.fromClipId)),
    ...(filters.user ? triState(filters.user.presence, userMatch) : []),
    ...(filters.workspace
      ? triState(filters.workspace.presence, workspace(filters.workspace.workspaceId))
      : []),
    ...(filters.playlist
      ? triState(filters.playlist.presence, inPlaylist(filters.playlist.playlistId, viewerId))
      : []),
    ...presence(
      filters.fromStudioProject,
      CLIP_KIND.studio,
      filters.fromStudioProject?.studioProjectId === undefined
        ? undefined
        : metadataEquals("from_studio_project_id", filters.fromStudioProject.studioProjectId),
    ),
    ...(filters.searchText ? [matchesSearch(filters.searchText)] : []),
  ];
  return { conditions, ownOnly };
}

/**
 * The library of GET /api/feed/v2 with 001's older filters: the viewer's own untrashed clips. Each
 * is_* flag set to true keeps only that kind; false leaves the flag off. The hide_* flags default
 * to on, and asking for gen stems overrides hiding them.
 */
export function libraryFilterConditions(query: FeedV2Query, viewerId: string): Predicate[] {
  const only = (flag: boolean | undefined, predicate: Predicate) => (flag ? [predicate] : []);
  return [
    sql<boolean>`(clips.user_id = ${viewerId})`,
    sql<boolean>`not clips.is_trashed`,
    sql<boolean>`(clips.status <> 'error')`,
    ...only(query.is_liked, CLIP_KIND.liked),
    ...only(query.hide_disliked, not(CLIP_KIND.disliked)),
    ...only(query.hide_gen_stems && !query.is_gen_stem, not(CLIP_KIND.stem)),
    ...only(query.hide_studio_clips, not(CLIP_KIND.studio)),
    ...only(query.is_public, sql<boolean>`clips.is_public`),
    ...only(query.is_tunesmith_short, CLIP_KIND.short),
    ...only(query.is_full_song, CLIP_KIND.fullSong),
    ...only(query.is_extend, CLIP_KIND.extend),
    ...only(query.is_cover, CLIP_KIND.cover),
    ...only(query.is_infill, CLIP_KIND.infill),
    ...only(query.is_gen_stem, CLIP_KIND.genStem),
    ...only(query.is_upsample, CLIP_KIND.remaster),
    ...only(query.is_persona, CLIP_KIND.persona),
    ...only(query.is_uploaded_audio, CLIP_KIND.upload),
    ...(query.query ? [matchesSearch(query.query)] : []),
  ];
}
