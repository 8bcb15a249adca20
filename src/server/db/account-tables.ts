import type { Generated } from "kysely";
import type { Timestamp } from "./column-types.ts";

/** A request for a paid plan or credits, waiting for staff in the console (0100). */
export interface UpgradeRequestsTable {
  id: Generated<string>;
  user_id: string;
  /** The plan asked for; null when only credits are asked for. */
  plan_key: "pro" | "premier" | null;
  credits: Generated<number>;
  status: Generated<"pending" | "approved" | "denied">;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

/** A code staff made, redeemable once before it expires, for a plan and/or credits (0100). */
export interface UpgradeCodesTable {
  code: string;
  plan_key: "pro" | "premier" | null;
  credits: Generated<number>;
  expires_at: Timestamp;
  redeemed_by: string | null;
  redeemed_at: Timestamp | null;
  created_at: Timestamp;
}

/** A feature flag turned on for a share of users, by a stable hash of flag and user (0100). */
export interface FlagRolloutsTable {
  flag: string;
  percent: number;
  updated_at: Timestamp;
}

/** One staff action (0100): who, what, on whom, with what. */
export interface AuditLogTable {
  id: Generated<number>;
  staff_id: string | null;
  staff_handle: string;
  action: string;
  target: Generated<string>;
  details: Generated<Record<string, unknown>>;
  created_at: Timestamp;
}
