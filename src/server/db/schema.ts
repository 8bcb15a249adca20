import type { ColumnType, Generated, Selectable } from "kysely";
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
  /** JSON: the spec's clip metadata; read and written through its zod schema. */
  metadata: Generated<Record<string, unknown>>;
  created_at: Generated<Timestamp>;
  /** Handles named in the caption (0003). */
  caption_mentions: Generated<string[]>;
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

/** Every table, as Kysely sees them. Later migrations add theirs here. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  clips: ClipsTable;
  clip_reactions: ClipReactionsTable;
  clip_downloads: ClipDownloadsTable;
  uploads: UploadsTable;
  credit_ledger: CreditLedgerTable;
  studio_projects: StudioProjectsTable;
  studio_project_versions: StudioProjectVersionsTable;
  clip_downbeats: ClipDownbeatsTable;
}

export type User = Selectable<UsersTable>;
export type ClipRow = Selectable<ClipsTable>;
export type UploadRow = Selectable<UploadsTable>;
