import { type Kysely, sql } from "kysely";
import { type DownloadUsage, FREE_MONTHLY_DOWNLOADS, mayDownload } from "../../shared/api/billing.ts";
import type { ClipRow, Database, User } from "../db/schema.ts";
import { forbidden } from "../http/errors.ts";
import { type Entitled, hasUnlimitedDownloads } from "./entitlements.ts";
import { billingPeriod, periodDate } from "./period.ts";

type Db = Kysely<Database>;
export type Downloader = Pick<User, "id"> & Entitled;
export type DownloadedClip = Pick<ClipRow, "id" | "user_id">;

/**
 * Downloads of other people's songs this month count against the free plan's quota; a song counts
 * once a month whatever its formats (clip_downloads keeps a row per format). Own songs never count.
 */
async function downloadsUsed(db: Db, userId: string, period: string): Promise<number> {
  const row = await db
    .selectFrom("clip_downloads")
    .select(sql<number>`count(distinct clip_id)::int`.as("used"))
    .where("user_id", "=", userId)
    .where("period", "=", period)
    .executeTakeFirstOrThrow();
  return row.used;
}

function usageOf(user: Downloader, clip: DownloadedClip | null, used: number): DownloadUsage {
  const unlimited = hasUnlimitedDownloads(user);
  return {
    downloads_used: used,
    downloads_limit: unlimited ? null : FREE_MONTHLY_DOWNLOADS,
    downloads_remaining: unlimited ? null : Math.max(0, FREE_MONTHLY_DOWNLOADS - used),
    has_unlimited_downloads: unlimited,
    clip_owned_by_user: clip !== null && clip.user_id === user.id,
  };
}

/** GET /api/billing/download-usage: the month's usage, and whether the clip (if any) is the user's. */
export async function downloadUsage(
  db: Db,
  user: Downloader,
  clip: DownloadedClip | null,
): Promise<DownloadUsage> {
  return usageOf(user, clip, await downloadsUsed(db, user.id, periodDate(billingPeriod())));
}

/**
 * The rule: the owner, or a user with unlimited downloads, may always download; others need
 * downloads remaining. A song already downloaded this month may be downloaded again for free.
 */
export async function checkDownload(
  db: Db,
  user: Downloader,
  clip: DownloadedClip,
): Promise<{ allowed: boolean; usage: DownloadUsage }> {
  const period = periodDate(billingPeriod());
  const usage = usageOf(user, clip, await downloadsUsed(db, user.id, period));
  return { allowed: mayDownload(usage) || (await alreadyDownloaded(db, user.id, clip.id, period)), usage };
}

async function alreadyDownloaded(db: Db, userId: string, clipId: string, period: string): Promise<boolean> {
  const row = await db
    .selectFrom("clip_downloads")
    .select("clip_id")
    .where("user_id", "=", userId)
    .where("period", "=", period)
    .where("clip_id", "=", clipId)
    .executeTakeFirst();
  return row !== undefined;
}

export const quotaExhausted = () =>
  forbidden(
    `You have used all ${FREE_MONTHLY_DOWNLOADS} downloads of other people's songs this month. Upgrade for unlimited downloads.`,
  );

/**
 * Counts a download (call it when the file is handed out) and enforces the quota: a 403 when none is
 * left. The user's row is locked while counting, so concurrent downloads cannot overrun the quota.
 * Owners' downloads are not recorded: they are never limited.
 */
export async function recordDownload(
  db: Db,
  user: Downloader,
  clip: DownloadedClip,
  format: string,
): Promise<DownloadUsage> {
  const period = periodDate(billingPeriod());
  if (clip.user_id === user.id) return usageOf(user, clip, await downloadsUsed(db, user.id, period));
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("users").select("id").where("id", "=", user.id).forUpdate().executeTakeFirst();
    const repeat = await alreadyDownloaded(trx, user.id, clip.id, period);
    const before = usageOf(user, clip, await downloadsUsed(trx, user.id, period));
    if (!repeat && !mayDownload(before)) throw quotaExhausted();
    await trx
      .insertInto("clip_downloads")
      .values({ user_id: user.id, clip_id: clip.id, format, period })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    return usageOf(user, clip, await downloadsUsed(trx, user.id, period));
  });
}
