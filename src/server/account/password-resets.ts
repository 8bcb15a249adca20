// Password reset by mail: a request mails a link holding a random token (only its hash is stored),
// good for an hour and once; using it sets the new password and signs the account out everywhere.
// The request's answer is the same whether the email has an account or not, so it tells no one
// which emails are registered.

import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { pickLanguage } from "../../shared/i18n/languages.ts";
import { message } from "../../shared/i18n/messages.ts";
import { findAccountByEmail } from "../accounts/accounts.ts";
import { hashPassword } from "../auth/passwords.ts";
import { hashSessionToken } from "../auth/sessions.ts";
import type { Database } from "../db/schema.ts";
import { badRequest } from "../http/errors.ts";
import { sayMessage } from "../http/message-texts.ts";
import type { MailTransport } from "../mail/mail-transport.ts";
import { requireStrongPassword, signOutEverywhere } from "./account-changes.ts";

type Db = Kysely<Database>;

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;
/** Reset mails one account gets per hour at most: more are not sent (the answer stays the same). */
export const RESET_MAILS_PER_HOUR = 3;

export const RESET_LINK_INVALID = message("messages:passwordReset.linkInvalid");

export interface ResetMail {
  readonly transport: MailTransport;
  /** The site's address as people reach it (PUBLIC_URL), never the request's Host: links must not point elsewhere. */
  readonly publicUrl: string;
}

/** The page a reset link opens, carrying the token. */
export const resetLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, "")}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * Mails a reset link to the account with this email, if there is one that may sign in (not
 * deleted, not locked: a locked account needs staff) and it has had fewer than the hourly limit.
 * `asked` is the language of the request, used when the account saved none.
 */
export async function requestPasswordReset(db: Db, mail: ResetMail, email: string, asked: string[]) {
  const user = await findAccountByEmail(db, email);
  if (!user || user.deleted_at !== null || user.locked) return;
  const token = randomBytes(32).toString("base64url");
  // The hourly limit is checked in the insert itself: one statement, no read-then-write gap.
  const stored = await sql`
    insert into password_resets (token_hash, user_id, expires_at)
    select ${hashSessionToken(token)}, ${user.id}, now() + make_interval(mins => ${RESET_LINK_MINUTES})
    where (
      select count(*) from password_resets
      where user_id = ${user.id} and created_at > now() - interval '1 hour'
    ) < ${RESET_MAILS_PER_HOUR}`.execute(db);
  if (Number(stored.numAffectedRows ?? 0) === 0) return;
  const language = pickLanguage(user.language ?? null, asked);
  await mail.transport.send({
    to: user.email,
    subject: sayMessage(message("messages:passwordReset.mailSubject"), language),
    text: sayMessage(
      message("messages:passwordReset.mailText", {
        link: resetLink(mail.publicUrl, token),
        minutes: RESET_LINK_MINUTES,
      }),
      language,
    ),
  });
}

/**
 * Sets a new password with a reset token: the token is used up in the same transaction (the update
 * that marks it used is the check that it was unused and unexpired), every other reset link of the
 * account stops working, and every session ends. A weak password is refused before the token is
 * touched, so the link still works for a better one.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  requireStrongPassword(password);
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable("password_resets")
      .set({ used_at: sql`now()` })
      .where("token_hash", "=", hashSessionToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .returning("user_id")
      .executeTakeFirst();
    if (!used) throw badRequest(RESET_LINK_INVALID);
    await trx.updateTable("users").set({ password_hash: hash }).where("id", "=", used.user_id).execute();
    await trx
      .updateTable("password_resets")
      .set({ used_at: sql`now()` })
      .where("user_id", "=", used.user_id)
      .where("used_at", "is", null)
      .execute();
    await signOutEverywhere(trx, used.user_id, null);
  });
}
