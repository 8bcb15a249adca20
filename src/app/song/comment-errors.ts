import { ApiError } from "../account/api-request.ts";
import { i18n } from "../i18n/i18n.ts";
import { showToast } from "../shell/toast-store.ts";

/** A comment call's failure: the server's detail, or the status line when it gave none. */
export function showCommentError(title: string, error: unknown): void {
  console.warn(title, error);
  const description = error instanceof ApiError ? error.detail : i18n.t("song:comments.tryAgain");
  showToast({ kind: "error", title, description, durationMs: 6000 });
}
