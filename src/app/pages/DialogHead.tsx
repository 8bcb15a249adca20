import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import "./dialog-head.css";

/** A modal dialog's title with its close button. */
export function DialogHead({
  title,
  dialog,
}: {
  readonly title: string;
  readonly dialog: RefObject<HTMLDialogElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <div className="dialog-head">
      <h2>{title}</h2>
      <button
        type="button"
        className="secondary"
        aria-label={t("close")}
        onClick={() => dialog.current?.close()}
      >
        ✕
      </button>
    </div>
  );
}
