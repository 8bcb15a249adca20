import type { Kysely } from "kysely";
import { passwordStrength, WEAK_PASSWORD } from "../../shared/account/password-strength.ts";
import { HANDLE_PATTERN } from "../../shared/api/accounts.ts";
import { type Message, message } from "../../shared/i18n/messages.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { hashSessionToken } from "../auth/sessions.ts";
import type { Database, User } from "../db/schema.ts";
import { badRequest, conflict, forbidden } from "../http/errors.ts";

type Db = Kysely<Database>;

export const HANDLE_RULE = message("messages:account.handleRule");
export const WRONG_PASSWORD = "Your current password is not right";

export const handleTaken = (handle: string) => message("messages:account.handleTaken", { handle });

/** Whether a handle is free, and if not the reason, said in the asker's language by the route. */
export interface HandleCheck {
  readonly available: boolean;
  readonly reason: Message | null;
}

/** Whether a handle could be signed up with now: its shape, then whether anyone has it (any case). */
export async function handleAvailability(db: Db, handle: string): Promise<HandleCheck> {
  if (!HANDLE_PATTERN.test(handle)) return { available: false, reason: HANDLE_RULE };
  const taken = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["handle"]), "=", handle.toLowerCase()))
    .executeTakeFirst();
  return taken ? { available: false, reason: handleTaken(handle) } : { available: true, reason: null };
}

/** Refuses a weak password with the rule in words (the sign-up page's hint uses the same rule). */
export function requireStrongPassword(password: string): void {
  if (passwordStrength(password) === "weak") throw badRequest(WEAK_PASSWORD);
}

export async function requireCurrentPassword(user: User, password: string): Promise<void> {
  if (!(await verifyPassword(password, user.password_hash))) throw forbidden(WRONG_PASSWORD);
}

export async function changeEmail(db: Db, user: User, email: string): Promise<void> {
  const other = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("id", "!=", user.id)
    .executeTakeFirst();
  if (other) throw conflict("That email is already registered");
  await db.updateTable("users").set({ email }).where("id", "=", user.id).execute();
}

/** A new password signs out every other session: whoever knew the old one is out. */
export async function changePassword(db: Db, user: User, password: string, keepToken: string | null) {
  requireStrongPassword(password);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", user.id).execute();
    await signOutEverywhere(trx, user.id, keepToken);
  });
}

/** Ends every session of the user (but the one asking, when kept) and revokes nothing else. */
export async function signOutEverywhere(db: Db, userId: string, keepToken: string | null): Promise<void> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepToken) query = query.where("token_hash", "!=", hashSessionToken(keepToken));
  await query.execute();
}
