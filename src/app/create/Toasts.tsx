import { Link } from "../router/Link.tsx";
import { dismissToast, useToasts } from "./toast-store.ts";

export function Toasts() {
  const toasts = useToasts();
  return (
    <div className="create-toasts" aria-live="polite">
      {toasts.map((toast) => (
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
            aria-label="Dismiss"
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
