import type { ColumnType, Generated, Selectable } from "kysely";

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
}

export interface ClipReactionsTable {
  user_id: string;
  clip_id: string;
  reaction_type: "L" | "D";
  feedback_reason: string | null;
  created_at: Generated<Timestamp>;
}

/** Every table, as Kysely sees them. Later migrations add theirs here. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  clips: ClipsTable;
  clip_reactions: ClipReactionsTable;
}

export type User = Selectable<UsersTable>;
export type ClipRow = Selectable<ClipsTable>;
