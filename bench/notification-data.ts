// Loads notifications for `npm run bench notifications` in a few statements: INSERT ... SELECT over
// generate_series, after server-data.ts made the users and clips.
import { type Kysely, sql } from "kysely";
import type { Database } from "../src/server/db/schema.ts";

export interface NotificationData {
  /** The measured user: the recipient of `ownNotifications` of them. */
  readonly userId: string;
  readonly notifications: number;
  readonly ownNotifications: number;
}

const TYPES = ["clip_like", "persona_follow", "persona_favorite", "persona_used", "announcement"];

/** Notifications spread over every user, the measured one's share first, each with 1 to 4 people. */
export async function loadNotificationData(db: Kysely<Database>, data: NotificationData): Promise<void> {
  await sql`
    with u as (select array_agg(id order by handle) as ids, count(*)::int as n from users where handle like 'bench_user_%'),
    types as (select array[${sql.join(TYPES.map((type) => sql.lit(type)))}]::text[] as a)
    insert into notifications (user_id, notification_type, group_key, content, is_read, updated_at)
    select
      case when g <= ${data.ownNotifications} then ${data.userId}::uuid else u.ids[1 + g % u.n] end,
      types.a[1 + g % 5],
      types.a[1 + g % 5] || ':bench-' || g,
      jsonb_build_object('title', 'Bench song ' || g),
      g % 3 = 0,
      now() - make_interval(secs => g * 7)
    from generate_series(1, ${data.notifications}) as g, u, types`.execute(db);
  await sql`
    with u as (select array_agg(id order by handle) as ids, count(*)::int as n from users where handle like 'bench_user_%'),
    numbered as (select id, user_id, updated_at, row_number() over (order by id) as r from notifications)
    insert into notification_actors (notification_id, actor_id, acted_at)
    select distinct on (numbered.id, u.ids[1 + (numbered.r * 7 + k * 13) % u.n])
      numbered.id, u.ids[1 + (numbered.r * 7 + k * 13) % u.n], numbered.updated_at - make_interval(secs => k)
    from numbered, u, generate_series(0, 3) as k
    where k <= numbered.r % 4 and u.ids[1 + (numbered.r * 7 + k * 13) % u.n] <> numbered.user_id`.execute(db);
  await sql`analyze notifications`.execute(db);
  await sql`analyze notification_actors`.execute(db);
}
