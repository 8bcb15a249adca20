import { sql } from "kysely";
import { openDatabase } from "../src/server/db/database.ts";
import { loadBenchData } from "../bench/server-data.ts";
import { loadSocialData } from "../bench/social-data.ts";
import { profileClips } from "../src/server/social/profile-store.ts";

const database = await openDatabase({ dataDir: "memory://" });
const t0 = performance.now();
const { userId } = await loadBenchData(database.db, { users: 1000, clips: Number(process.argv[2] ?? 20000), libraryClips: Number(process.argv[3] ?? 2000) });
const social = await loadSocialData(database.db, { comments: 1000, followers: 1000 });
console.log("loaded in", ((performance.now() - t0) / 1000).toFixed(1), "s");
const user = await database.db.selectFrom("users").select("id").where("handle", "=", social.handle).executeTakeFirstOrThrow();
const n = await database.db.selectFrom("clips").where("user_id", "=", user.id).where("is_public", "=", true).select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
console.log("public clips of the profile", n);
const time = async (label: string) => {
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const s = performance.now();
    await profileClips(database.db, null, user.id, 1);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  console.log(label, "median", times[15].toFixed(2), "ms, max", times[29].toFixed(2));
};
await time("before");
const query = `explain analyze select id from clips where user_id = '${user.id}' and is_public and not is_trashed and status <> 'error' order by is_pinned desc, pinned_at desc nulls last, created_at desc, id desc limit 20`;
console.log((await sql.raw(query).execute(database.db)).rows.map((r: any) => r["QUERY PLAN"]).join("\n"));
if (process.argv[4] === "index") {
  await sql`create index clips_user_profile_pins on clips (user_id, is_pinned desc, pinned_at desc nulls last, created_at desc, id desc) where is_public and not is_trashed`.execute(database.db);
  await sql`analyze clips`.execute(database.db);
  await time("after");
  console.log((await sql.raw(query).execute(database.db)).rows.map((r: any) => r["QUERY PLAN"]).join("\n"));
}
await database.close();
