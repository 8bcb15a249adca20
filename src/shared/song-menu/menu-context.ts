// The song menu's vocabulary: where it opens, what it reads of a song, what each entry's
// availability can be, and the reasons a disabled entry gives as its tooltip.

import type { Clip } from "../api/clips.ts";
import type { FeaturePermission } from "./feature-permissions.ts";

export type Availability =
  | { readonly kind: "shown" }
  | { readonly kind: "hidden" }
  | { readonly kind: "disabled"; readonly reason: string }
  | { readonly kind: "upsell"; readonly feature: FeaturePermission };

/** Where the menu opens; some entries belong to one place (Remove from Playlist, Not Interested). */
export type MenuPlace =
  | "create"
  | "library"
  | "trash"
  | "song"
  | "playlist"
  | "feed"
  | "on_repeat"
  | "profile"
  | "search"
  | "contest"
  | "persona";

export interface MenuContext {
  readonly place: MenuPlace;
  /** The feed section the song is listed in, when it is one. */
  readonly section?: string | null;
  /** In a playlist: which, and whether it is the viewer's own. */
  readonly playlistId?: string;
  readonly ownsPlaylist?: boolean;
  /** The player is on this song (or the song page is open): a link at the current time makes sense. */
  readonly hasCurrentTime?: boolean;
}

// The reasons a disabled entry gives as its tooltip.
export const NOT_COMPLETE = "Clip is not complete";
export const REMASTER_TOO_LONG = "Cannot remaster songs longer than 16 minutes";
export const REMASTER_CONTEST = "Contest songs cannot be remastered";
export const REMASTER_SECTION = "Sections cannot be remastered";
export const OWNER_ONLY = "Only the song's owner can do this";
export const PERSONA_FROM_UPLOAD_DISABLED = "Personas cannot be created from audio uploads.";
export const CONTEST_REMIXES_LOCKED = "Remixes stay allowed while the song is in a contest";
export const CONTEST_COVER_OWNER_ONLY = "Only the song's owner can cover a contest song";

/** The longest song a remaster takes, in seconds. */
export const REMASTER_MAX_SECONDS = 960;

/** The feed sections where Not Interested is offered (and the on-repeat list). */
export const NOT_INTERESTED_SECTIONS: ReadonlySet<string> = new Set([
  "new_songs_for_you",
  "featured_feed_for_you",
]);

/** What the rules read about one song. */
export type MenuClip = Pick<
  Clip,
  | "id"
  | "user_id"
  | "status"
  | "is_public"
  | "is_trashed"
  | "is_contest_clip"
  | "is_contest_base_clip"
  | "model_name"
  | "major_model_version"
  | "download_disabled_reason"
  | "video_url"
  | "video_cover_url"
  | "persona"
  | "metadata"
>;
