import { randomBytes } from "node:crypto";
import { type Kysely, sql, type Updateable } from "kysely";
import type { FeatureFlag, PlanKey } from "../../shared/api/accounts.ts";
import type { AdminUser, UserChange } from "../../shared/api/admin.ts";
import { hashPassword } from "../auth/passwords.ts";
import { grantCredits } from "../billing/credits.ts";
import type { Database, User, UsersTable } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";

type Db = Kysely<Database>;

export const adminUserView = (user: User): AdminUser => ({
  id: user.id,
  email: user.email,
  handle: user.handle,
  plan_key: user.plan_key,
  credits: user.credits,
  is_staff: user.is_staff,
  flags: [...user.flags],
  locked: user.locked,
  subscription_status: user.subscription_status,
  plan_ends_at: user.plan_ends_at ? user.plan_ends_at.toISOString() : null,
});

/** Accounts whose email or handle contains the text (any case), newest first; deleted ones left out. */
export async function searchUsers(db: Db, text: string, limit = 50): Promise<AdminUser[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .selectFrom("users")
    .selectAll()
    .where("deleted_at", "is", null)
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["email"]), "like", pattern),
        eb(eb.fn("lower", ["handle"]), "like", pattern),
      ]),
    )
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map(adminUserView);
}

export async function findUser(db: Db, userId: string): Promise<User> {
  const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!user || user.deleted_at) throw notFound("No such user");
  return user;
}

function update(db: Db, userId: string, values: Updateable<UsersTable>) {
  return db
    .updateTable("users")
    .set(values)
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const setPlanOf = (db: Db, userId: string, plan: PlanKey) =>
  update(db, userId, { plan_key: plan, plan_ends_at: null });

/** One statement, so a concurrent change of another flag is not lost. */
export const setFlagOf = (db: Db, userId: string, flag: FeatureFlag, on: boolean) =>
  db
    .updateTable("users")
    .set({
      flags: on
        ? sql<string[]>`array_append(array_remove(flags, ${flag}), ${flag})`
        : sql<string[]>`array_remove(flags, ${flag})`,
    })
    .where("id", "=", userId)
    .returningAll()
    .executeTakeFirstOrThrow();

export const setStaffOf = (db: Db, userId: string, on: boolean) => update(db, userId, { is_staff: on });

/** A new random password, shown once to staff to hand over; every session of the account ends. */
async function resetPassword(db: Db, userId: string): Promise<string> {
  const password = randomBytes(12).toString("base64url");
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", userId).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  });
  return password;
}

/** Applies one console change; answers the user after it (and a new password, for a reset). */
export async function changeUser(
  db: Db,
  userId: string,
  change: UserChange,
): Promise<{ user: AdminUser; password?: string }> {
  await findUser(db, userId);
  switch (change.change) {
    case "plan":
      return { user: adminUserView(await setPlanOf(db, userId, change.plan_key)) };
    case "credits":
      await grantCredits(db, userId, change.amount, change.reason);
      return { user: adminUserView(await findUser(db, userId)) };
    case "flag":
      return { user: adminUserView(await setFlagOf(db, userId, change.flag, change.on)) };
    case "staff":
      return { user: adminUserView(await setStaffOf(db, userId, change.on)) };
    case "lock":
      return { user: adminUserView(await update(db, userId, { locked: change.on })) };
    case "subscription":
      return { user: adminUserView(await update(db, userId, { subscription_status: change.status })) };
    case "password": {
      const password = await resetPassword(db, userId);
      return { user: adminUserView(await findUser(db, userId)), password };
    }
  }
}
