import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import {
  type AccountView,
  changeEmailBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  type HandleAvailability,
  handleAvailabilityQuerySchema,
  redeemBodySchema,
  type UpgradeMethod,
  upgradeRequestBodySchema,
} from "../../shared/api/account.ts";
import { languageBodySchema } from "../../shared/i18n/languages.ts";
import {
  changeEmail,
  changePassword,
  handleAvailability,
  requireCurrentPassword,
  signOutEverywhere,
} from "../account/account-changes.ts";
import { deleteAccount } from "../account/account-deletion.ts";
import { accountView } from "../account/account-view.ts";
import { cancelAtPeriodEnd, lapseEndedPlans, resumeSubscription } from "../account/subscription.ts";
import { cancelUpgradeRequest, fileUpgradeRequest, redeemCode } from "../account/upgrades.ts";
import { requireSessionUser, SESSION_COOKIE } from "../auth/auth-plugin.ts";
import type { Database, User } from "../db/schema.ts";
import { conflict } from "../http/errors.ts";
import { requestLanguage, sayMessage } from "../http/message-texts.ts";
import { parseInput } from "../http/validate.ts";
import type { Storage } from "../storage/storage.ts";

/** Cancelled plans are ended this often (and whenever their owner opens the account page). */
const LAPSE_EVERY_MS = 10 * 60 * 1000;

export interface AccountRouteOptions {
  readonly db: Kysely<Database>;
  readonly storage: Storage;
  readonly upgradeMethod: UpgradeMethod;
}

const freshUser = (db: Kysely<Database>, id: string): Promise<User> =>
  db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The signed-in user's own account: plan, credits, upgrades, subscription, sign-in details, deletion. */
export function registerAccountRoutes(app: FastifyInstance, options: AccountRouteOptions): void {
  const { db, upgradeMethod } = options;
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    timer = setInterval(() => void lapseEndedPlans(db).catch(() => undefined), LAPSE_EVERY_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));

  app.get("/api/account", async (request): Promise<AccountView> => {
    const user = requireSessionUser(request);
    await lapseEndedPlans(db);
    return accountView(db, await freshUser(db, user.id), upgradeMethod);
  });

  app.post("/api/account/upgrade-requests", async (request, reply) => {
    const user = requireSessionUser(request);
    if (upgradeMethod !== "request")
      throw conflict("Upgrades here are by code: enter the code staff gave you");
    const body = parseInput(upgradeRequestBodySchema, request.body);
    reply.status(201);
    return fileUpgradeRequest(db, user.id, body);
  });

  app.delete("/api/account/upgrade-requests", async (request, reply) => {
    const user = requireSessionUser(request);
    await cancelUpgradeRequest(db, user.id);
    return reply.status(204).send();
  });

  app.post("/api/account/redeem", async (request) => {
    const user = requireSessionUser(request);
    const { code } = parseInput(redeemBodySchema, request.body);
    const upgrade = await redeemCode(db, user.id, code);
    return { plan_key: upgrade.plan, credits: upgrade.credits };
  });

  app.post("/api/account/subscription/cancel", async (request) => {
    const user = requireSessionUser(request);
    const endsAt = await cancelAtPeriodEnd(db, user.id);
    return { ends_at: endsAt.toISOString() };
  });

  app.post("/api/account/subscription/resume", async (request, reply) => {
    const user = requireSessionUser(request);
    await resumeSubscription(db, user.id);
    return reply.status(204).send();
  });

  app.post("/api/account/email", async (request, reply) => {
    const user = requireSessionUser(request);
    const body = parseInput(changeEmailBodySchema, request.body);
    await requireCurrentPassword(await freshUser(db, user.id), body.password);
    await changeEmail(db, user, body.email);
    return reply.status(204).send();
  });

  app.post("/api/account/password", async (request, reply) => {
    const user = requireSessionUser(request);
    const body = parseInput(changePasswordBodySchema, request.body);
    await requireCurrentPassword(await freshUser(db, user.id), body.current_password);
    await changePassword(db, user, body.new_password, request.auth?.token ?? null);
    return reply.status(204).send();
  });

  app.post("/api/account/sign-out-everywhere", async (request, reply) => {
    const user = requireSessionUser(request);
    await signOutEverywhere(db, user.id, null);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.status(204).send();
  });

  app.post("/api/account/delete", async (request, reply) => {
    const user = requireSessionUser(request);
    const body = parseInput(deleteAccountBodySchema, request.body);
    const current = await freshUser(db, user.id);
    await requireCurrentPassword(current, body.password);
    await deleteAccount(db, options.storage, current, body);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return reply.status(204).send();
  });

  // The language switch of the account menu, kept for the next visit from any browser.
  app.post("/api/account/language", async (request, reply) => {
    const user = requireSessionUser(request);
    const { language } = parseInput(languageBodySchema, request.body);
    await db.updateTable("users").set({ language }).where("id", "=", user.id).execute();
    return reply.status(204).send();
  });

  // Public: the sign-up page asks as the handle is typed.
  app.get("/api/auth/handle-available", async (request): Promise<HandleAvailability> => {
    const { handle } = parseInput(handleAvailabilityQuerySchema, request.query, "query");
    const { available, reason } = await handleAvailability(db, handle.replace(/^@/, ""));
    return { available, reason: reason && sayMessage(reason, requestLanguage(request)) };
  });
}
