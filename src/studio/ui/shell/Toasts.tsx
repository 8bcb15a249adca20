import { useSession, useStudio } from "../studio-context.ts";

export function Toasts() {
  const { controller } = useSession();
  const toasts = useStudio((state) => state.toasts);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.kind}`}
          role={toast.kind === "error" ? "alert" : "status"}
        >
          <div className="toast-text">
            <strong>{toast.title}</strong>
            {toast.description && <span>{toast.description}</span>}
          </div>
          <button
            type="button"
            className="icon-button small"
            aria-label="Dismiss"
            onClick={() => controller.dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
