import { navigate } from "../../router/history-router.ts";
import { CreateModal } from "../CreateModal.tsx";

/** Own audio needs a paid plan: the spec's 'You're one step closer' message. */
export function UploadPaywall({ onClose }: { readonly onClose: () => void }) {
  return (
    <CreateModal
      titleId="paywall-title"
      title="You're one step closer"
      className="upload-modal"
      testId="upload-paywall"
      onClose={onClose}
      closeOnBackdrop
    >
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
    </CreateModal>
  );
}
