import { type Kysely, sql } from "kysely";
import type { AuditEntry } from "../../shared/api/admin.ts";
import type { Database, User } from "../db/schema.ts";

type Db = Kysely<Database>;

/** Writes one staff action; the console's routes call it in the request that did the action. */
export async function audit(
  db: Db,
  staff: Pick<User, "id" | "handle">,
  action: string,
  target: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      staff_id: staff.id,
      staff_handle: staff.handle,
      action,
      target,
      details: sql`${JSON.stringify(details)}::jsonb`,
    })
    .execute();
}

export async function listAudit(db: Db, limit = 200): Promise<AuditEntry[]> {
  const rows = await db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    staff_handle: row.staff_handle,
    action: row.action,
    target: row.target,
    details: row.details,
    created_at: row.created_at.toISOString(),
  }));
}
