import { sql } from "kysely";
import type { User } from "../db/schema.ts";

/**
 * The flags rolled out to the user whose id is the column `userId`: a flag at N percent is on for a
 * user when the first 32 bits of md5(flag:user id), modulo 100, are below N. The same user keeps the
 * same answer, raising the share only adds users, and 100 is everyone.
 */
export const rolloutFlagsOf = (userId: string) =>
  sql<string[]>`coalesce((select array_agg(r.flag) from flag_rollouts r
    where abs(('x' || substr(md5(r.flag || ':' || ${sql.ref(userId)}::text), 1, 8))::bit(32)::int % 100) < r.percent), '{}')`;

/** The user with the flags rolled out to them added to their own. */
export function withRollouts({ rollout_flags, ...user }: User & { rollout_flags: string[] }): User {
  return { ...user, flags: [...new Set([...user.flags, ...rollout_flags])] };
}
