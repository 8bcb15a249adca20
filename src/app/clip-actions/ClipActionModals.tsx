import { closeClipActionModal, useClipActionModal } from "./action-modal-store.ts";
import { RemasterModal } from "./RemasterModal.tsx";
import { StemsModal } from "./StemsModal.tsx";
import "./clip-actions.css";

/** The clip actions' modals, mounted once for every page. */
export function ClipActionModals() {
  const modal = useClipActionModal();
  if (modal === null) return null;
  switch (modal.kind) {
    case "remaster":
      return <RemasterModal key={modal.clip.id} clip={modal.clip} onClose={closeClipActionModal} />;
    case "stems":
      return (
        <StemsModal key={modal.clip.id} clip={modal.clip} midi={modal.midi} onClose={closeClipActionModal} />
      );
    default:
      return null;
  }
}
