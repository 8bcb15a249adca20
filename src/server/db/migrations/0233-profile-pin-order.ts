import { type Kysely, sql } from "kysely";

/*
 * A profile's public songs are listed pinned first, the newest pin first, then newest. The index made
 * with profiles left the pin time out, so every page sorted all of a profile's public songs (an
 * incremental sort over hundreds or thousands of rows); with it in, the first page is the index's first
 * twenty entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index clips_user_profile_pins on clips (user_id, is_pinned desc, pinned_at desc nulls last, created_at desc, id desc) where is_public and not is_trashed`.execute(
    db,
  );
  await sql`drop index clips_user_profile`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index clips_user_profile on clips (user_id, is_pinned desc, created_at desc, id desc) where is_public and not is_trashed`.execute(
    db,
  );
  await sql`drop index clips_user_profile_pins`.execute(db);
}
