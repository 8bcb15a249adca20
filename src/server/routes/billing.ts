import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { PLAN_KEYS, type PlanKey } from "../../shared/api/accounts.ts";
import {
  type BillingInfo,
  type BillingModelsResponse,
  downloadUsageQuerySchema,
  PLAN_MONTHLY_CREDITS,
} from "../../shared/api/billing.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { creditsUsedIn } from "../billing/credits.ts";
import { downloadUsage } from "../billing/download-quota.ts";
import { billingModelsFor } from "../billing/entitlements.ts";
import { billingPeriod } from "../billing/period.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";

const planOf = (key: string): PlanKey =>
  (PLAN_KEYS as readonly string[]).includes(key) ? (key as PlanKey) : "free";

export function registerBillingRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  // The spec writes the path with a trailing slash; both spellings answer.
  for (const path of ["/api/billing/info/", "/api/billing/info"]) {
    app.get(path, async (request): Promise<BillingInfo> => {
      const user = requireUser(request);
      const period = billingPeriod();
      const plan = planOf(user.plan_key);
      return {
        total_credits_left: user.credits,
        period: null,
        billing_period: { start: period.start.toISOString(), end: period.end.toISOString() },
        monthly_limit: PLAN_MONTHLY_CREDITS[plan],
        monthly_usage: await creditsUsedIn(db, user.id, period),
        plan_key: plan,
        is_staff: user.is_staff,
        models: billingModelsFor(user),
      };
    });
  }

  // Public: signed out, the list shows what a free account could use.
  for (const path of ["/api/billing/models/", "/api/billing/models"]) {
    app.get(
      path,
      async (request): Promise<BillingModelsResponse> => ({
        models: billingModelsFor(request.auth?.user ?? null),
      }),
    );
  }

  app.get("/api/billing/download-usage", async (request) => {
    const user = requireUser(request);
    const query = parseInput(downloadUsageQuerySchema, request.query, "query");
    let clip: { id: string; user_id: string } | null = null;
    if (query.clip_id) {
      const row = await db
        .selectFrom("clips")
        .select(["id", "user_id", "is_public", "is_trashed"])
        .where("id", "=", query.clip_id)
        .executeTakeFirst();
      // Someone else's private or trashed song answers as missing: its existence is not theirs to learn.
      if (!row || (row.user_id !== user.id && (!row.is_public || row.is_trashed))) {
        throw notFound("Clip not found");
      }
      clip = row;
    }
    return downloadUsage(db, user, clip);
  });
}
