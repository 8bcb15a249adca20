import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { REPORT_REASONS } from "../../shared/song-menu/menu-entries.ts";
import { withFeedbackReason } from "../../shared/song-menu/reaction-rules.ts";
import { CreateModal } from "../shell/CreateModal.tsx";
import { publishClipChanges } from "../shell/clip-changes.ts";
import { showToast } from "../shell/toast-store.ts";
import { flagClip, giveFeedback, setVisibility } from "./clip-settings-api.ts";
import { MoveToWorkspaceModal } from "./MoveToWorkspaceModal.tsx";
import { closeMenuModal, type MenuModal } from "./menu-modal-store.ts";
import { SongDetailsModal } from "./SongDetailsModal.tsx";
import { askAdministrator, FEATURE_UPSELLS } from "./upsells.ts";

function Buttons({
  confirm,
  busy = false,
  onConfirm,
}: {
  readonly confirm: string;
  readonly busy?: boolean;
  readonly onConfirm: () => void;
}) {
  const { t } = useTranslation("songMenu");
  return (
    <div className="modal-buttons">
      <button type="button" className="secondary" onClick={closeMenuModal}>
        {t("modal.cancel")}
      </button>
      <button type="button" disabled={busy} onClick={onConfirm}>
        {confirm}
      </button>
    </div>
  );
}

/** Publish or Unpublish: says what follows, then sends it; a private song leaves its contests. */
function PublishModal({ clip }: { readonly clip: Clip }) {
  const { t } = useTranslation("songMenu");
  const [busy, setBusy] = useState(false);
  const publish = !clip.is_public;
  const run = async () => {
    setBusy(true);
    try {
      publishClipChanges([await setVisibility(clip.id, publish)]);
      showToast({
        kind: "success",
        title: t(publish ? "modal.isPublic" : "modal.isPrivate", { title: displayTitle(clip) }),
        durationMs: 3000,
      });
      closeMenuModal();
    } catch (error) {
      console.warn("Changing the song's visibility failed", error);
      showToast({
        kind: "error",
        title: t("modal.preferencesFailed"),
        description: t("modal.tryLater"),
        durationMs: 5000,
      });
      setBusy(false);
    }
  };
  return (
    <CreateModal
      titleId="publish-title"
      title={publish ? t("modal.publishTitle") : t("modal.unpublishTitle")}
      testId="publish-modal"
      onClose={closeMenuModal}
    >
      <div className="song-menu-form">
        <p>{publish ? t("modal.publishNote") : t("modal.unpublishNote")}</p>
        <Buttons
          confirm={publish ? t("modal.publish") : t("modal.unpublish")}
          busy={busy}
          onConfirm={() => void run()}
        />
      </div>
    </CreateModal>
  );
}

/**
 * Report: a reason (Inappropriate, Bug, Copyright Infringement) and optional details. The flag goes
 * to staff (update_flag_state); the reason joins the viewer's own reaction to the song
 * (update_feedback_state), so what they are offered next can leave such songs out.
 */
function ReportModal({ clip }: { readonly clip: Clip }) {
  const { t } = useTranslation("songMenu");
  const [choice, setChoice] = useState<(typeof REPORT_REASONS)[number]>(REPORT_REASONS[0]);
  const [details, setDetails] = useState("");
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await flagClip(clip.id, choice.reason, details.trim());
      const feedback = withFeedbackReason(clip.reaction?.feedback_reason ?? null, choice.feedback);
      const { reaction } = await giveFeedback(clip.id, feedback);
      publishClipChanges([{ ...clip, reaction }]);
      showToast({ kind: "info", title: t("modal.flagged"), durationMs: 3000 });
      closeMenuModal();
    } catch (error) {
      console.warn("Flagging the song failed", error);
      showToast({ kind: "error", title: t("modal.flagFailed"), durationMs: 5000 });
      setBusy(false);
    }
  };
  return (
    <CreateModal
      titleId="report-title"
      title={t("modal.reportTitle")}
      testId="report-modal"
      onClose={closeMenuModal}
    >
      <div className="song-menu-form">
        <fieldset className="song-menu-form">
          <legend>{t("modal.reportWhy", { title: displayTitle(clip) })}</legend>
          {REPORT_REASONS.map((option) => (
            <label key={option.reason} className="create-check">
              <input
                type="radio"
                name="report-reason"
                checked={choice.reason === option.reason}
                onChange={() => setChoice(option)}
              />
              {t(`reportReasons.${option.reason}`)}
            </label>
          ))}
        </fieldset>
        <label>
          {t("modal.reportDetails")}
          <textarea
            rows={3}
            maxLength={1000}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
        </label>
        <Buttons confirm={t("modal.report")} busy={busy} onConfirm={() => void run()} />
      </div>
    </CreateModal>
  );
}

/** The song menu's dialog, as the store holds it. */
export function MenuModalView({ modal }: { readonly modal: MenuModal }) {
  const { t } = useTranslation("songMenu");
  switch (modal.kind) {
    case "publish":
      return <PublishModal clip={modal.clip} />;
    case "details":
      return <SongDetailsModal clip={modal.clip} onClose={closeMenuModal} />;
    case "report":
      return <ReportModal clip={modal.clip} />;
    case "moveToWorkspace":
      return <MoveToWorkspaceModal clips={modal.clips} />;
    case "confirm":
      return (
        <CreateModal
          titleId="menu-confirm-title"
          title={modal.title}
          testId="menu-confirm"
          onClose={closeMenuModal}
        >
          <div className="song-menu-form">
            <p>{modal.message}</p>
            <Buttons
              confirm={modal.confirmLabel}
              onConfirm={() => {
                closeMenuModal();
                modal.run();
              }}
            />
          </div>
        </CreateModal>
      );
    case "upsell": {
      const upsell = FEATURE_UPSELLS[modal.feature];
      return (
        <CreateModal
          titleId="menu-upsell-title"
          title={upsell.title}
          testId="menu-upsell"
          onClose={closeMenuModal}
        >
          <div className="song-menu-form">
            <p>
              {upsell.body} {askAdministrator()}
            </p>
            <div className="modal-buttons">
              <button type="button" onClick={closeMenuModal}>
                {t("modal.gotIt")}
              </button>
            </div>
          </div>
        </CreateModal>
      );
    }
  }
}
