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

/** Every table, as Kysely sees them. Later migrations add theirs here. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}

export type User = Selectable<UsersTable>;
