// The player's tables: the playbar state kept per user, and a listener's plays per day.

import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./column-types.ts";

/** A listener's saved player (0014). */
export interface PlaybarStatesTable {
  user_id: string;
  /** JSON: the state as playbarStateSchema parses it; read back through it. */
  state: unknown;
  action_time: Timestamp;
  updated_at: Generated<Timestamp>;
}

/** A signed-in listener's plays of one song on one day (0130), for the on-repeat list. */
export interface ListenerPlaysTable {
  user_id: string;
  clip_id: string;
  /** The server's date of the plays. */
  day: ColumnType<Date, string | Date, never>;
  plays: Generated<number>;
  last_played_at: Generated<Timestamp>;
}
