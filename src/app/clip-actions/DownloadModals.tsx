import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { openDialog } from "../../ui/dialog-queue.ts";
import { goToUpgrade } from "../account/upgrade-link.ts";
import { i18n } from "../i18n/i18n.ts";
import { ActionDialog } from "./ActionDialog.tsx";
import type { DownloadFormat } from "./action-modal-store.ts";

/** The upgrade modal: what a paid plan brings, and how to get one here (a self-hosted Tunesmith sells nothing: an administrator grants plans). */
export function openUpgrade(): void {
  const t = i18n.getFixedT(null, "songMenu");
  openDialog({
    title: t("actions.upgradeTitle"),
    body: t("actions.upgradeBody", { how: t("actions.upgradeHow") }),
    actions: [
      { label: t("actions.upgrade"), kind: "primary", run: goToUpgrade },
      { label: t("actions.gotIt"), kind: "secondary", run: () => undefined },
    ],
  });
}

/** The download-file modal: what comes with the file (no commercial rights, downloads left), then go or not. */
export function DownloadFileModal(props: {
  readonly clip: Clip;
  readonly format: DownloadFormat;
  readonly notices: readonly string[];
  readonly upgrade: boolean;
  readonly choose: (download: boolean) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation("songMenu");
  const answer = (download: boolean) => {
    props.onClose();
    props.choose(download);
  };
  return (
    <ActionDialog
      title={t("actions.downloadTitle", {
        title: props.clip.title || t("actions.untitled"),
        format: props.format,
      })}
      testId="download-file-modal"
      onClose={() => answer(false)}
      actions={
        props.upgrade && (
          <button type="button" className="clip-action-secondary" onClick={openUpgrade}>
            {t("actions.upgrade")}
          </button>
        )
      }
      confirm={{ label: t("actions.download"), run: () => answer(true) }}
    >
      {props.notices.map((notice) => (
        <p key={notice} className="clip-action-notice">
          {notice}
        </p>
      ))}
    </ActionDialog>
  );
}

/** The download-quota modal: no downloads of other people's songs are left this month. */
export function DownloadQuotaModal(props: { readonly limit: number | null; readonly onClose: () => void }) {
  const { t } = useTranslation("songMenu");
  return (
    <ActionDialog
      title={t("actions.limitTitle")}
      testId="download-quota-modal"
      onClose={props.onClose}
      confirm={{
        label: t("actions.upgrade"),
        run: () => {
          props.onClose();
          openUpgrade();
        },
      }}
    >
      <p>
        {props.limit === null
          ? t("actions.limitBodyUnknown")
          : t("actions.limitBody", { limit: props.limit })}
      </p>
    </ActionDialog>
  );
}
