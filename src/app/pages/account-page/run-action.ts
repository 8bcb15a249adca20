import { ApiError } from "../../account/api-request.ts";
import { i18n } from "../../i18n/i18n.ts";
import { showToast } from "../../shell/toast-store.ts";

/** Runs one change of the account page: a toast says it worked or why not; answers whether it did. */
export async function runAction(success: string, work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    showToast({ kind: "success", title: success, durationMs: 3000 });
    return true;
  } catch (error) {
    showToast({
      kind: "error",
      title: error instanceof ApiError ? error.detail : i18n.t("account:runAction.couldNotReachThe"),
      durationMs: 6000,
    });
    return false;
  }
}
