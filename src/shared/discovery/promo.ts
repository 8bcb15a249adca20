// The promo sidebar's record, kept in the browser: each hide adds one to the hide count and
// records when; the sidebar stays hidden once it was hidden twice within 48 hours, and comes back
// when 48 hours have passed since the last hide.

import { z } from "zod";

export const PROMO_HIDE_WINDOW_MS = 172_800_000;
export const PROMO_HIDES_TO_HIDE = 2;
export const PROMO_STORAGE_KEY = "tunesmith-promo-data";

export const promoRecordSchema = z.object({
  id: z.string().max(100),
  impression: z.number().int().min(0),
  dismissed: z.boolean(),
  timestamp: z.number(),
  hide_count: z.number().int().min(0),
  hide_timestamp: z.number().nullable(),
  slide_id: z.string().max(100),
});
export type PromoRecord = z.infer<typeof promoRecordSchema>;

export const newPromoRecord = (id: string, slideId: string, now: number): PromoRecord => ({
  id,
  impression: 0,
  dismissed: false,
  timestamp: now,
  hide_count: 0,
  hide_timestamp: null,
  slide_id: slideId,
});

/** The record after the sidebar was shown once more. */
export const recordImpression = (record: PromoRecord, now: number): PromoRecord => ({
  ...record,
  impression: record.impression + 1,
  timestamp: now,
});

/** The record after a hide: a hide long after the last one starts the count again. */
export function recordHide(record: PromoRecord, now: number): PromoRecord {
  const recent = record.hide_timestamp !== null && now - record.hide_timestamp < PROMO_HIDE_WINDOW_MS;
  const hideCount = recent ? record.hide_count + 1 : 1;
  return {
    ...record,
    hide_count: hideCount,
    hide_timestamp: now,
    dismissed: hideCount >= PROMO_HIDES_TO_HIDE,
  };
}

/** Whether the sidebar stays hidden: two hides, the last one under 48 hours ago. */
export const isPromoHidden = (record: PromoRecord, now: number): boolean =>
  record.hide_count >= PROMO_HIDES_TO_HIDE &&
  record.hide_timestamp !== null &&
  now - record.hide_timestamp < PROMO_HIDE_WINDOW_MS;

/** A stored record, or null when there is none or it does not parse (it is then started afresh). */
export function readPromoRecord(text: string | null): PromoRecord | null {
  if (!text) return null;
  try {
    const parsed = promoRecordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
