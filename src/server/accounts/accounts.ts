import type { Kysely } from "kysely";
import type { PlanKey } from "../../shared/api/accounts.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { Database, User } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";

/** Credits a new free account starts with: five songs' worth. */
export const SIGNUP_CREDITS = 50;

export interface NewAccount {
  readonly email: string;
  readonly password: string;
  readonly handle: string;
  readonly displayName?: string;
  readonly plan?: PlanKey;
  readonly credits?: number;
  readonly isStaff?: boolean;
  readonly flags?: readonly string[];
}

export async function createAccount(db: Kysely<Database>, account: NewAccount): Promise<User> {
  const taken = await db
    .selectFrom("users")
    .select(["email", "handle"])
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["email"]), "=", account.email.toLowerCase()),
        eb(eb.fn("lower", ["handle"]), "=", account.handle.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  if (taken?.email.toLowerCase() === account.email.toLowerCase())
    throw conflict("That email is already registered");
  if (taken) throw conflict(`The handle @${account.handle} is taken`);
  const passwordHash = await hashPassword(account.password);
  try {
    return await db
      .insertInto("users")
      .values({
        email: account.email,
        handle: account.handle,
        display_name: account.displayName ?? account.handle,
        password_hash: passwordHash,
        plan_key: account.plan ?? "free",
        credits: account.credits ?? SIGNUP_CREDITS,
        is_staff: account.isStaff ?? false,
        flags: [...(account.flags ?? [])],
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    // Two signups racing for one email or handle: the unique index decides, the loser hears why.
    if (String((error as { code?: string }).code) === "23505")
      throw conflict("That email or handle was just taken");
    throw error;
  }
}

export function findAccountByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
}
