import { useTranslation } from "react-i18next";
import { Link } from "../router/Link.tsx";
import { dismissToast, useToasts } from "./toast-store.ts";
import "./toasts.css";

/**
 * The toasts, newest on top, in a column under the page header (at most three: toast-stack), so the
 * header's account controls stay in reach.
 */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <div className="create-toasts" aria-live="polite" data-testid="toasts">
      {[...toasts].reverse().map((toast) => (
        <div
          key={toast.id}
          className={`create-toast create-toast-${toast.kind}`}
          role={toast.kind === "error" ? "alert" : "status"}
          data-testid="toast"
        >
          <div className="create-toast-text">
            <strong>{toast.title}</strong>
            {toast.description && <span>{toast.description}</span>}
            {toast.link && <Link href={toast.link.href}>{toast.link.label}</Link>}
          </div>
          {toast.action && (
            <button
              type="button"
              className="create-small-button"
              onClick={() => {
                dismissToast(toast.id);
                toast.action?.run();
              }}
            >
              {toast.action.label}
            </button>
          )}
          <button
            type="button"
            className="create-icon-button"
            aria-label={t("dismiss")}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
