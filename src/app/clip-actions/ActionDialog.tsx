import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useModalFocus } from "../../ui/modal-focus.ts";
import "../shell/modal.css";

/** What the dialog's main button does; Cancel beside it closes the dialog. */
export interface DialogConfirm {
  readonly label: string;
  readonly disabled?: boolean;
  readonly run: () => void;
}

/**
 * A clip action's dialog: over a backdrop, a heading with a close button, the content, then the
 * buttons: any of its own (`actions`), and with `confirm` Cancel and the main one.
 */
export function ActionDialog(props: {
  readonly title: string;
  readonly testId: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly actions?: ReactNode;
  readonly confirm?: DialogConfirm;
}) {
  const { t } = useTranslation("songMenu");
  const { confirm } = props;
  const titleId = `${props.testId}-title`;
  const box = useRef<HTMLElement>(null);
  useModalFocus(box, props.onClose);
  return (
    <div className="create-modal-backdrop">
      <section
        ref={box}
        className="create-modal clip-action-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={props.testId}
      >
        <header className="create-modal-header">
          <h2 id={titleId}>{props.title}</h2>
          <button
            type="button"
            className="clip-action-close"
            aria-label={t("actions.close")}
            onClick={props.onClose}
          >
            ×
          </button>
        </header>
        {props.children}
        {(props.actions || confirm) && (
          <footer className="clip-action-buttons">
            {props.actions}
            {confirm && (
              <>
                <button type="button" className="clip-action-secondary" onClick={props.onClose}>
                  {t("actions.cancel")}
                </button>
                <button
                  type="button"
                  className="clip-action-primary"
                  disabled={confirm.disabled}
                  onClick={confirm.run}
                >
                  {confirm.label}
                </button>
              </>
            )}
          </footer>
        )}
      </section>
    </div>
  );
}
