// Password reset by mail (account/password-resets.ts). Without mail set up the routes say so with
// a 404: staff reset passwords from the console then.

import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  type PasswordResetAvailability,
  passwordResetRequestSchema,
  passwordResetSchema,
} from "../../shared/api/password-reset.ts";
import { message } from "../../shared/i18n/messages.ts";
import { type ResetMail, requestPasswordReset, resetPassword } from "../account/password-resets.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { requestLanguage } from "../http/message-texts.ts";
import { parseInput } from "../http/validate.ts";

export const RESET_BY_MAIL_OFF = message("messages:passwordReset.mailOff");

/**
 * Reset mails asked per address: a household behind one address needs a few; many is someone trying
 * addresses (each account also gets RESET_MAILS_PER_HOUR mails at most, whoever asks).
 */
const REQUEST_RATE = { max: 20, timeWindow: "15 minutes" };
/** Tries of a token per address: a person types a password or two; tokens cannot be guessed anyway. */
const RESET_RATE = { max: 20, timeWindow: "15 minutes" };

export function registerPasswordResetRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  mail: ResetMail | null,
) {
  const needMail = (): ResetMail => {
    if (mail === null) throw new HttpError(404, RESET_BY_MAIL_OFF);
    return mail;
  };

  app.get(
    "/api/auth/password-reset",
    async (): Promise<PasswordResetAvailability> => ({ available: mail !== null }),
  );

  app.post(
    "/api/auth/password-reset/request",
    { config: { rateLimit: REQUEST_RATE } },
    async (request, reply) => {
      const sender = needMail();
      const body = parseInput(passwordResetRequestSchema, request.body);
      await requestPasswordReset(db, sender, body.email, [requestLanguage(request)]);
      return reply.status(204).send();
    },
  );

  app.post("/api/auth/password-reset", { config: { rateLimit: RESET_RATE } }, async (request, reply) => {
    needMail();
    const body = parseInput(passwordResetSchema, request.body);
    await resetPassword(db, body.token, body.password);
    return reply.status(204).send();
  });
}
