// The account page's data: the account (plan, credits, ledger, subscription), this month's usage and
// the downloads left, loaded together and again after every change, with the session (plan and
// flags for every page) refreshed at the same time so what a plan unlocks shows without a reload.

import { useCallback, useEffect, useState } from "react";
import { type AccountView, accountViewSchema } from "../../../shared/api/account.ts";
import { type BillingInfo, billingInfoSchema, downloadUsageSchema } from "../../../shared/api/billing.ts";
import type { DownloadUsage } from "../../../shared/api/clip-media.ts";
import { apiRequest } from "../../account/api-request.ts";
import { loadSession } from "../../account/session-store.ts";

export interface AccountData {
  readonly account: AccountView;
  readonly billing: BillingInfo;
  readonly downloads: DownloadUsage;
}

export function useAccountData() {
  const [data, setData] = useState<AccountData | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      const [account, billing, downloads] = await Promise.all([
        apiRequest("/api/account", accountViewSchema),
        apiRequest("/api/billing/info/", billingInfoSchema),
        apiRequest("/api/billing/download-usage", downloadUsageSchema),
      ]);
      setData({ account, billing, downloads });
      setFailure(null);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  /** After a change: this page's data and every page's session. */
  const changed = useCallback(async () => {
    await Promise.all([reload(), loadSession(true)]);
  }, [reload]);
  return { data, failure, changed };
}
