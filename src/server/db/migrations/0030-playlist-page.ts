import { type Kysely, sql } from "kysely";

/** The playlist page: how often a playlist was played, and who liked it (one like per listener). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("playlists")
    .addColumn("play_count", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("playlist_reactions")
    .addColumn("playlist_id", "text", (column) =>
      column.notNull().references("playlists.id").onDelete("cascade"),
    )
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("playlist_reactions_pk", ["playlist_id", "user_id"])
    .execute();
}
