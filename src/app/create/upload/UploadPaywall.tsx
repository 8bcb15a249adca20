import { navigate } from "../../router/history-router.ts";

/** Own audio needs a paid plan: the spec's 'You're one step closer' message. */
export function UploadPaywall({ onClose }: { readonly onClose: () => void }) {
  return (
    <div
      className="create-modal-backdrop"
      onPointerDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        className="create-modal upload-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="paywall-title"
        data-testid="upload-paywall"
      >
        <header className="create-modal-header">
          <h2 id="paywall-title">You're one step closer</h2>
          <button type="button" className="create-icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="upload-paywall">
          <p>A Pro or Premier subscription is needed to upload your own audio.</p>
          <div className="upload-actions">
            <button type="button" className="secondary" onClick={onClose}>
              Not now
            </button>
            <button type="button" onClick={() => navigate("/account")}>
              Upgrade
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
