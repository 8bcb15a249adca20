import { type Kysely, sql } from "kysely";
import { TRENDING_WEIGHTS } from "../../../shared/discovery/trending.ts";

/*
 * Comments count in trending, as plays, likes and remixes do: a trigger on the comments table adds
 * the comment signal when someone other than the song's owner comments (an owner answering on their
 * own song says nothing about its reach), and withdraws it, as given, when the comment is deleted.
 * Replies count as comments. The comments already there are counted once here.
 */
const COMMENT_WEIGHT = sql.raw(String(TRENDING_WEIGHTS.comment));

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function clip_scores_on_comment() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform trending_add(new.clip_id, ${COMMENT_WEIGHT}, new.created_at)
        from clips c where c.id = new.clip_id and c.user_id <> new.user_id;
      else
        perform trending_add(old.clip_id, -${COMMENT_WEIGHT}, old.created_at)
        from clips c where c.id = old.clip_id and c.user_id <> old.user_id;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger clip_scores_comment after insert or delete on comments
    for each row execute function clip_scores_on_comment()`.execute(db);
  await sql`
    select trending_add(m.clip_id, ${COMMENT_WEIGHT}, m.created_at)
    from comments m join clips c on c.id = m.clip_id where c.user_id <> m.user_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger clip_scores_comment on comments`.execute(db);
  await sql`drop function clip_scores_on_comment()`.execute(db);
}
