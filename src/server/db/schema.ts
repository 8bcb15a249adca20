import type { ColumnType, Generated, GeneratedAlways, Selectable } from "kysely";
import type { Language } from "../../shared/i18n/languages.ts";
import type {
  AuditLogTable,
  FlagRolloutsTable,
  UpgradeCodesTable,
  UpgradeRequestsTable,
} from "./account-tables.ts";
import type { ApiTokensTable, ServerSecretsTable } from "./api-token-tables.ts";
import type { Timestamp } from "./column-types.ts";
import type {
  EditSessionsTable,
  GeneratedClipsTable,
  GenerationJobsTable,
  JobQueueTable,
  LyricsJobsTable,
} from "./generation-tables.ts";
import type {
  PlaylistClipsTable,
  PlaylistReactionsTable,
  PlaylistsTable,
  WorkspaceInvitesTable,
  WorkspacePinsTable,
  WorkspacesTable,
} from "./library-tables.ts";
import type { ListenerPlaysTable, PlaybarStatesTable } from "./player-tables.ts";
import type {
  HookCommentsTable,
  HookLikesTable,
  HooksTable,
  SongVideosTable,
  VideoUploadsTable,
} from "./video-tables.ts";

export type { GeneratedClipState, LyricsJobsTable } from "./generation-tables.ts";

import type { AudioUploadStatus } from "../../shared/api/uploads.ts";
import type {
  ClipFlagsTable,
  ClipNotInterestedTable,
  ClipScoresTable,
  CommentReactionsTable,
  CommentReportsTable,
  CommentsTable,
  ContestBaseClipsTable,
  ContestsTable,
  FollowsTable,
  NotificationActorsTable,
  NotificationsTable,
  ShareLinksTable,
  UserBlocksTable,
} from "./social-tables.ts";

export interface UsersTable {
  id: Generated<string>;
  email: string;
  handle: string;
  display_name: string;
  password_hash: string;
  plan_key: Generated<string>;
  is_staff: Generated<boolean>;
  flags: Generated<string[]>;
  credits: Generated<number>;
  created_at: Generated<Timestamp>;
  /** The profile's text (0026). */
  bio: Generated<string>;
  /** The storage key of the profile's avatar, one of the user's re-encoded images (0026). */
  avatar_key: string | null;
  /** Past due stops generations with a 402 until staff (or a payment provider) set it back (0100). */
  subscription_status: Generated<"active" | "past_due">;
  /** A cancelled subscription's end: the plan becomes free then (0100). */
  plan_ends_at: Timestamp | null;
  /** Locked by staff: writes answer 423 until unlocked (0100). */
  locked: Generated<boolean>;
  /** The terms version accepted with the last upload, and when (0100). */
  terms_version: string | null;
  terms_accepted_at: Timestamp | null;
  /** Deleted with public songs kept: anonymised, never signed in again (0100). */
  deleted_at: Timestamp | null;
  /** The language chosen for the pages; null follows the browser (0125). */
  language: Language | null;
}

export interface SessionsTable {
  /** SHA-256 of the token: a leaked table does not leak usable tokens. */
  token_hash: string;
  user_id: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
}

export type ClipStatus = "queued" | "submitted" | "processing" | "streaming" | "complete" | "error";

export interface ClipsTable {
  id: Generated<string>;
  user_id: string;
  title: Generated<string>;
  status: Generated<ClipStatus>;
  caption: Generated<string>;
  audio_key: string | null;
  image_key: string | null;
  video_key: string | null;
  /** The owner's uploaded video cover (0170), apart from the rendered video_key. */
  video_cover_key: Generated<string | null>;
  is_public: Generated<boolean>;
  is_trashed: Generated<boolean>;
  is_pinned: Generated<boolean>;
  allow_comments: Generated<boolean>;
  play_count: Generated<number>;
  upvote_count: Generated<number>;
  model_name: Generated<string>;
  major_model_version: Generated<string>;
  root_clip_id: string | null;
  project_id: string | null;
  persona_id: string | null;
  /** JSON: the clip's metadata; read and written through its zod schema. */
  metadata: Generated<Record<string, unknown>>;
  created_at: Generated<Timestamp>;
  /** Handles named in the caption (0003). */
  caption_mentions: Generated<string[]>;
  /** Tags shown in place of the styles (0015). */
  display_tags: string | null;
  /** When the song was pinned to its owner's profile (0015); null when not pinned. */
  pinned_at: Timestamp | null;
  /** Title, tags, negative tags and prompt lowered, for the feed's search (0012); never written. */
  search_text: GeneratedAlways<string>;
  /** Title (A), tags (B) and lyrics (C) as a full-text document, for relevance search (0036); never written. */
  search_doc: GeneratedAlways<string>;
}

export interface ClipReactionsTable {
  user_id: string;
  clip_id: string;
  reaction_type: "L" | "D";
  feedback_reason: string | null;
  created_at: Generated<Timestamp>;
}

/** The download ledger (0003): a user's downloads of a clip in a format, once per month. */
export interface ClipDownloadsTable {
  user_id: string;
  clip_id: string;
  format: string;
  /** The first day of the month (UTC) the download counts in. */
  period: ColumnType<string, string, string>;
  created_at: Generated<Timestamp>;
}

export interface UploadsTable {
  id: Generated<string>;
  user_id: string;
  extension: string;
  is_stem_mix: Generated<boolean>;
  status: Generated<AudioUploadStatus>;
  error_message: string | null;
  original_key: string;
  audio_key: string | null;
  upload_type: string | null;
  upload_filename: string | null;
  title: string | null;
  has_vocal: Generated<boolean>;
  duration_s: number | null;
  sample_rate: number | null;
  channel_count: number | null;
  clip_id: string | null;
  /** JSON: downbeats, or a stem mix's source clips, as initialize-clip received them. */
  clip_context: Record<string, unknown> | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Every change of a user's credits (0005): reservations for generations, refunds and grants. */
export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: string;
  kind: "reserve" | "refund" | "grant";
  /** Negative for a reservation; the change applied to users.credits. */
  delta: number;
  balance_after: number;
  reason: string;
  clip_ids: Generated<string[]>;
  /** For a refund: the reservation it gives credits back for. */
  refund_of: number | null;
  /** Timestamp already admits undefined on insert: Generated<> around it would hide the Date type. */
  created_at: Timestamp;
}

/** A studio project (0006): its row points at its latest version; the state lives in the versions. */
export interface StudioProjectsTable {
  id: Generated<string>;
  user_id: string;
  title: string;
  is_shared: Generated<boolean>;
  source_clip_id: string | null;
  /** Set in the transaction that creates the project, right after its first version. */
  latest_version_id: number | null;
  cloned_from_version_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Every saved state of a studio project (0006), never rewritten; only is_locked changes. */
export interface StudioProjectVersionsTable {
  id: Generated<number>;
  project_id: string;
  author_id: string | null;
  title: string;
  /** JSON: the project state as projectStateSchema parsed it. */
  state: unknown;
  is_locked: Generated<boolean>;
  created_at: Timestamp;
}

/** A clip's beat analysis (0007): one job per clip, its state and, once over, its result or error. */
export interface ClipDownbeatsTable {
  clip_id: string;
  audio_key: string;
  state: "running" | "complete" | "error";
  /** JSON: a BeatsResult (src/shared/beats/beats-result.ts) once complete. */
  result: unknown;
  error: string | null;
  source: Generated<"analysis" | "supplied">;
  heartbeat_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A persona (0009): the voice and style of its root clip, for songs made with it. */
export interface PersonasTable {
  id: Generated<string>;
  user_id: string;
  root_clip_id: string;
  name: string;
  description: Generated<string>;
  /** The avatar made by POST /api/gen/prompt_image/ (its id there), and where it is served. */
  image_s3_id: string | null;
  image_url: string | null;
  is_public: Generated<boolean>;
  is_trashed: Generated<boolean>;
  /** The number of persona_loves rows, kept in step in the same transaction. */
  upvote_count: Generated<number>;
  created_at: Generated<Timestamp>;
}

/** Who loved (favorited) or follows a persona (0009); one row per user and persona. */
export interface PersonaMarksTable {
  user_id: string;
  persona_id: string;
  created_at: Generated<Timestamp>;
}

/** A saved styles or lyrics prompt (0009); lyrics or tags is never empty. */
export interface SavedPromptsTable {
  id: Generated<string>;
  user_id: string;
  gpt_description_prompt: Generated<string>;
  lyrics: Generated<string>;
  tags: Generated<string>;
  negative_tags: Generated<string>;
  title: Generated<string>;
  /** JSON: the create form's slider values, as savedPromptSlidersSchema parses them. */
  sliders: Record<string, number> | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** How often an action was done on a clip (0020). */
export interface ClipActionCountsTable {
  clip_id: string;
  action: string;
  count: Generated<number>;
  updated_at: Generated<Timestamp>;
}

/** A Hire an Editor request (0021). */
export interface EditorRequestsTable {
  id: Generated<string>;
  user_id: string;
  clip_id: string;
  message: string;
  created_at: Generated<Timestamp>;
}

/** Failed sign-ins of one account (0013), by lowered email. */
export interface LoginFailuresTable {
  email: string;
  failures: number;
  last_failed_at: Generated<Timestamp>;
}

export interface PasswordResetsTable {
  /** SHA-256 of the token the mail carried (base64url); the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Every table, as Kysely sees them. A new migration adds its tables here (social ones: social-tables.ts). */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  clips: ClipsTable;
  clip_reactions: ClipReactionsTable;
  clip_downloads: ClipDownloadsTable;
  uploads: UploadsTable;
  credit_ledger: CreditLedgerTable;
  studio_projects: StudioProjectsTable;
  studio_project_versions: StudioProjectVersionsTable;
  clip_downbeats: ClipDownbeatsTable;
  generation_jobs: GenerationJobsTable;
  generated_clips: GeneratedClipsTable;
  edit_sessions: EditSessionsTable;
  personas: PersonasTable;
  persona_loves: PersonaMarksTable;
  persona_follows: PersonaMarksTable;
  playlists: PlaylistsTable;
  playlist_clips: PlaylistClipsTable;
  playlist_reactions: PlaylistReactionsTable;
  saved_prompts: SavedPromptsTable;
  lyrics_jobs: LyricsJobsTable;
  workspaces: WorkspacesTable;
  workspace_pins: WorkspacePinsTable;
  workspace_invites: WorkspaceInvitesTable;
  playbar_states: PlaybarStatesTable;
  listener_plays: ListenerPlaysTable;
  job_queue: JobQueueTable;
  clip_flags: ClipFlagsTable;
  clip_not_interested: ClipNotInterestedTable;
  contests: ContestsTable;
  contest_base_clips: ContestBaseClipsTable;
  comments: CommentsTable;
  comment_reactions: CommentReactionsTable;
  comment_reports: CommentReportsTable;
  user_blocks: UserBlocksTable;
  follows: FollowsTable;
  clip_scores: ClipScoresTable;
  notifications: NotificationsTable;
  notification_actors: NotificationActorsTable;
  clip_action_counts: ClipActionCountsTable;
  editor_requests: EditorRequestsTable;
  share_links: ShareLinksTable;
  api_tokens: ApiTokensTable;
  server_secrets: ServerSecretsTable;
  upgrade_requests: UpgradeRequestsTable;
  upgrade_codes: UpgradeCodesTable;
  flag_rollouts: FlagRolloutsTable;
  audit_log: AuditLogTable;
  song_videos: SongVideosTable;
  video_uploads: VideoUploadsTable;
  hooks: HooksTable;
  hook_likes: HookLikesTable;
  hook_comments: HookCommentsTable;
}

export type User = Selectable<UsersTable>;
/** A clip as the code reads it: every column but the search columns, which only queries use. */
export type ClipRow = Omit<Selectable<ClipsTable>, "search_text" | "search_doc">;
export type UploadRow = Selectable<UploadsTable>;
