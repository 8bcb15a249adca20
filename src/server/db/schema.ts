import type { ColumnType, Generated, GeneratedAlways, Selectable } from "kysely";
import type { AudioUploadStatus } from "../../shared/api/uploads.ts";

/** Timestamps are written as Date (or left to the default) and read as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

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

/** A lyrics generation job (0009). */
export interface LyricsJobsTable {
  id: Generated<string>;
  user_id: string;
  prompt: string;
  lyrics_model: Generated<string>;
  status: Generated<"running" | "done" | "error">;
  text: Generated<string>;
  title: Generated<string>;
  tags: Generated<string>;
  error_message: string | null;
  /** Started by the create page: finished reads "done" for it, "complete" for other clients. */
  from_create_page: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** A generation request or library action (0008): what it asked for and the credits it reserved. */
export interface GenerationJobsTable {
  id: Generated<string>;
  user_id: string;
  kind: "generate" | "concat" | "upsample" | "speed";
  task: string;
  model_key: string;
  /** JSON: a StoredPlan (src/server/generation/stored-plan.ts). */
  plan: unknown;
  reservation_id: number | null;
  credits: Generated<number>;
  created_at: Timestamp;
}

export type GeneratedClipState = "queued" | "submitted" | "streaming" | "complete" | "error";

/** A clip a generation job makes (0008), and once complete what later tasks build on. */
export interface GeneratedClipsTable {
  clip_id: string;
  job_id: string;
  position: number;
  /** uint32 */
  seed: number;
  state: GeneratedClipState;
  /** JSON: [{word, start_s, end_s}]. */
  aligned_words: unknown;
  /** JSON: the generator's Score, or null from an external model. */
  score: unknown;
  /** JSON: [{name, key}] of the stems kept in storage. */
  stems: unknown;
  midi_key: string | null;
  error: string | null;
  refunded: Generated<boolean>;
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

/** Every table, as Kysely sees them. Later migrations add theirs here. */
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

/** A clip pinned in a workspace (0011). */
export interface WorkspacePinsTable {
  workspace_id: string;
  clip_id: string;
  created_at: Generated<Timestamp>;
}

/** Failed sign-ins of one account (0013), by lowered email. */
export interface LoginFailuresTable {
  email: string;
  failures: number;
  last_failed_at: Generated<Timestamp>;
}

/** A user's report of a song (0015). */
export interface ClipFlagsTable {
  user_id: string;
  clip_id: string;
  reason: string;
  details: Generated<string>;
  created_at: Generated<Timestamp>;
}

/** A song a user is not interested in (0015): left out of their recommendations. */
export interface ClipNotInterestedTable {
  user_id: string;
  clip_id: string;
  created_at: Generated<Timestamp>;
}

/** A contest (0015): read-only until contests are run. */
export interface ContestsTable {
  id: Generated<string>;
  name: string;
  base_clip_id: string | null;
  is_active: Generated<boolean>;
  created_at: Generated<Timestamp>;
}

/** A listener's saved player (0014). */
export interface PlaybarStatesTable {
  user_id: string;
  /** JSON: the state as playbarStateSchema parses it; read back through it. */
  state: unknown;
  action_time: Timestamp;
  updated_at: Generated<Timestamp>;
}

/** A piece of long work on the durable queue (0040): src/server/jobs/job-queue.ts. */
export interface JobQueueTable {
  id: Generated<number>;
  kind: string;
  /** JSON: what the kind's handler needs, checked by its zod schema. */
  payload: unknown;
  state: Generated<"ready" | "running" | "failed">;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Generated<Timestamp>;
  lease_until: Timestamp | null;
  worker: string | null;
  last_error: string | null;
}

/** A comment on a song, or a reply to one (0025). */
export interface CommentsTable {
  id: Generated<string>;
  clip_id: string;
  user_id: string;
  parent_id: string | null;
  content: string;
  /** Handles named in the content, each an existing user's when written. */
  user_mentions: Generated<string[]>;
  /** Seconds into the song the comment is about, if any. */
  track_timestamp: number | null;
  like_count: Generated<number>;
  dislike_count: Generated<number>;
  reply_count: Generated<number>;
  created_at: Generated<Timestamp>;
}

export interface CommentReactionsTable {
  user_id: string;
  comment_id: string;
  reaction: "LIKE" | "DISLIKE";
  created_at: Generated<Timestamp>;
}

export interface CommentReportsTable {
  id: Generated<string>;
  comment_id: string;
  user_id: string;
  reason: string;
  created_at: Generated<Timestamp>;
}

export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  reason: Generated<string>;
  created_at: Generated<Timestamp>;
}

/** Who follows whom (0026). */
export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: Generated<Timestamp>;
}

/**
 * A clip's trending heat (0035), kept by triggers on clips and clip_reactions: the log of its
 * signals' weights counted from a fixed epoch (src/shared/discovery/trending.ts); never written here.
 */
export interface ClipScoresTable {
  clip_id: string;
  user_id: string;
  /** The platform genre its tags name first, or null. */
  genre: string | null;
  heat: number;
  base_heat: number;
}

/** A recipient's notification (0045): one group of people doing one thing to one of their things. */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  notification_type: string;
  /** The type and what it is about (`clip_like:<clip id>`); an unread group is unique per user. */
  group_key: string;
  /** JSON: notificationContentSchema's fields. */
  content: Generated<Record<string, unknown>>;
  is_read: Generated<boolean>;
  is_suppressed: Generated<boolean>;
  created_at: Generated<Timestamp>;
  updated_at: Timestamp;
}

/** The people a notification groups (0045), with the time each acted. */
export interface NotificationActorsTable {
  notification_id: string;
  actor_id: string;
  acted_at: Timestamp;
}

/** A short share code (0027) and what it opens. */
export interface ShareLinksTable {
  code: string;
  content_type: "clip" | "profile" | "playlist";
  /** A clip or playlist id, or a profile's user id. */
  content_id: string;
  source: string;
  platform: string;
  recommendation_item_id: string | null;
  sharer_id: string | null;
  created_at: Generated<Timestamp>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
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
  playbar_states: PlaybarStatesTable;
  job_queue: JobQueueTable;
  clip_flags: ClipFlagsTable;
  clip_not_interested: ClipNotInterestedTable;
  contests: ContestsTable;
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
}

export type User = Selectable<UsersTable>;
/** A clip as the code reads it: every column but the search columns, which only queries use. */
export type ClipRow = Omit<Selectable<ClipsTable>, "search_text" | "search_doc">;
export type UploadRow = Selectable<UploadsTable>;
