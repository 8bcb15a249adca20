// The social bench's data, on top of the library's: one public song of the measured user with many
// comments (a tenth of them replies, a few liked), and that user followed by many people.
import { type Kysely, sql } from "kysely";
import type { Database } from "../src/server/db/schema.ts";

export interface SocialData {
  readonly comments: number;
  readonly followers: number;
}

export async function loadSocialData(
  db: Kysely<Database>,
  data: SocialData,
): Promise<{ clipId: string; handle: string }> {
  const user = await db
    .selectFrom("users")
    .select(["id", "handle"])
    .where("handle", "=", "bench_user_000001")
    .executeTakeFirstOrThrow();
  const clip = await db
    .selectFrom("clips")
    .select("id")
    .where("user_id", "=", user.id)
    .where("is_public", "=", true)
    .where("is_trashed", "=", false)
    .where("status", "=", "complete")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  await sql`
    insert into users (email, handle, display_name, password_hash)
    select 'fan' || g || '@bench.local', 'bench_fan_' || lpad(g::text, 5, '0'), 'Fan ' || g, 'not-a-hash'
    from generate_series(1, ${data.followers}) as g`.execute(db);
  await sql`
    insert into follows (follower_id, followee_id, created_at)
    select id, ${user.id}, now() - make_interval(secs => row_number() over (order by handle))
    from users where handle like 'bench_fan_%'`.execute(db);
  await sql`
    with fans as (select array_agg(id order by handle) as ids from users where handle like 'bench_fan_%')
    insert into comments (clip_id, user_id, content, like_count, track_timestamp, created_at)
    select ${clip.id}, fans.ids[1 + g % array_length(fans.ids, 1)], 'Comment number ' || g,
           (g * 7919) % 50, case when g % 4 = 0 then (g % 60)::float else null end,
           now() - make_interval(secs => g)
    from generate_series(1, ${data.comments}) as g, fans`.execute(db);
  // A tenth of the comments get a reply each.
  await sql`
    insert into comments (clip_id, user_id, parent_id, content, created_at)
    select clip_id, user_id, id, 'A reply', created_at + interval '1 second'
    from comments where clip_id = ${clip.id} and parent_id is null and like_count % 10 = 0`.execute(db);
  await sql`
    update comments p set reply_count = r.n
    from (select parent_id, count(*)::int as n from comments where parent_id is not null group by parent_id) r
    where p.id = r.parent_id`.execute(db);
  await sql`analyze`.execute(db);
  return { clipId: clip.id, handle: user.handle };
}
