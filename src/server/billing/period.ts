/** Billing periods are calendar months in UTC: usage counts and download quotas restart on the 1st. */
export interface BillingPeriod {
  readonly start: Date;
  /** Exclusive. */
  readonly end: Date;
}

export function billingPeriod(now = new Date()): BillingPeriod {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}

/** The period's first day as a SQL date ('YYYY-MM-01'), the key of clip_downloads.period. */
export const periodDate = (period: BillingPeriod): string => period.start.toISOString().slice(0, 10);
