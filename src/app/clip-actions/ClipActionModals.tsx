import { Suspense } from "react";
import { closeClipActionModal, useClipActionModal } from "./action-modal-store.ts";
import { DownloadFileModal, DownloadQuotaModal } from "./DownloadModals.tsx";
import { HireEditorModal } from "./HireEditorModal.tsx";
import { RemasterModal } from "./RemasterModal.tsx";
import { StemsModal } from "./StemsModal.tsx";
import "./clip-actions.css";

/**
 * The clip actions' modals, mounted once for every page, outside the pages: a modal waits for its
 * words here, not in a page's loading state.
 */
export function ClipActionModals() {
  const modal = useClipActionModal();
  if (modal === null) return null;
  return (
    <Suspense fallback={null}>
      <ClipActionModal modal={modal} />
    </Suspense>
  );
}

function ClipActionModal({ modal }: { readonly modal: NonNullable<ReturnType<typeof useClipActionModal>> }) {
  switch (modal.kind) {
    case "remaster":
      return <RemasterModal key={modal.clip.id} clip={modal.clip} onClose={closeClipActionModal} />;
    case "stems":
      return (
        <StemsModal key={modal.clip.id} clip={modal.clip} midi={modal.midi} onClose={closeClipActionModal} />
      );
    case "downloadFile":
      return (
        <DownloadFileModal
          clip={modal.clip}
          format={modal.format}
          notices={modal.notices}
          upgrade={modal.upgrade}
          choose={modal.choose}
          onClose={closeClipActionModal}
        />
      );
    case "downloadQuota":
      return <DownloadQuotaModal limit={modal.limit} onClose={closeClipActionModal} />;
    case "hireEditor":
      return <HireEditorModal key={modal.clip.id} clip={modal.clip} onClose={closeClipActionModal} />;
  }
}
