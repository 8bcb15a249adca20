import type { Clip } from "../../shared/api/clips.ts";
import { openDialog } from "../../ui/dialog-queue.ts";
import { goToUpgrade } from "../account/upgrade-link.ts";
import { ActionDialog } from "./ActionDialog.tsx";
import type { DownloadFormat } from "./action-modal-store.ts";

/** A self-hosted Tunesmith sells nothing: an administrator grants plans. */
const UPGRADE_HOW = "Ask your administrator to upgrade your account to Pro or Premier.";

/** The upgrade modal: what a paid plan brings, and how to get one here. */
export function openUpgrade(): void {
  openDialog({
    title: "Upgrade to Pro or Premier",
    body: `Paid plans bring unlimited downloads, WAV audio and commercial use of the songs you make. ${UPGRADE_HOW}`,
    actions: [
      { label: "Upgrade", kind: "primary", run: goToUpgrade },
      { label: "Got it", kind: "secondary", run: () => undefined },
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
  const answer = (download: boolean) => {
    props.onClose();
    props.choose(download);
  };
  return (
    <ActionDialog
      title={`Download ${props.clip.title || "Untitled"} (${props.format})`}
      testId="download-file-modal"
      onClose={() => answer(false)}
      actions={
        props.upgrade && (
          <button type="button" className="clip-action-secondary" onClick={openUpgrade}>
            Upgrade
          </button>
        )
      }
      confirm={{ label: "Download", run: () => answer(true) }}
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
  return (
    <ActionDialog
      title="Download limit reached"
      testId="download-quota-modal"
      onClose={props.onClose}
      confirm={{
        label: "Upgrade",
        run: () => {
          props.onClose();
          openUpgrade();
        },
      }}
    >
      <p>
        You have used all {props.limit ?? "your"} downloads of other people&apos;s songs this month. Your own
        songs download at any time, and paid plans download without a limit.
      </p>
    </ActionDialog>
  );
}
