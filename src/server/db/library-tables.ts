// The library's tables: playlists (their songs and likes) and workspaces (their invites and pins).

import type { Generated } from "kysely";
import type { Timestamp } from "./column-types.ts";

/** A user's playlist (0009). */
export interface PlaylistsTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  description: Generated<string>;
  image_url: string | null;
  is_public: Generated<boolean>;
  is_trashed: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** Plays started from the playlist's page (0030). */
  play_count: Generated<number>;
}

/** A listener's like of a playlist (0030): one per listener and playlist. */
export interface PlaylistReactionsTable {
  playlist_id: string;
  user_id: string;
  created_at: Generated<Timestamp>;
}

/** A playlist's songs (0009), in `position` order; a song is in a playlist at most once. */
export interface PlaylistClipsTable {
  playlist_id: string;
  clip_id: string;
  position: number;
  added_at: Generated<Timestamp>;
}

/** A workspace (0011): a user's named folder of their own clips; clips.project_id names it. */
export interface WorkspacesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  description: Generated<string>;
  is_shared: Generated<boolean>;
  is_trashed: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** An invite to a workspace, and once accepted its invitee's membership (0090). */
export interface WorkspaceInvitesTable {
  id: Generated<string>;
  workspace_id: string;
  invited_user_id: string;
  invited_by: string;
  status: Generated<"pending" | "accepted" | "declined">;
  created_at: Generated<Timestamp>;
  responded_at: Timestamp | null;
}

/** A clip pinned in a workspace (0011). */
export interface WorkspacePinsTable {
  workspace_id: string;
  clip_id: string;
  created_at: Generated<Timestamp>;
}
