import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useModalFocus } from "../../ui/modal-focus.ts";
import "./modal.css";

export interface CreateModalProps {
  /** The heading's id, which labels the dialog. */
  readonly titleId: string;
  readonly title: ReactNode;
  /** Added to create-modal. */
  readonly className?: string;
  readonly testId: string;
  readonly onClose: () => void;
  /** A press on the backdrop outside the dialog closes it too. */
  readonly closeOnBackdrop?: boolean;
  readonly children: ReactNode;
}

/**
 * A create-page dialog over its backdrop: a heading with a close button, then the content. The focus
 * stays inside while it is open, and Escape closes it.
 */
export function CreateModal({
  titleId,
  title,
  className,
  testId,
  onClose,
  closeOnBackdrop = false,
  children,
}: CreateModalProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useModalFocus(box, onClose);
  return (
    <div
      className="create-modal-backdrop"
      onPointerDown={
        closeOnBackdrop ? (event) => event.target === event.currentTarget && onClose() : undefined
      }
    >
      <div
        ref={box}
        className={className ? `create-modal ${className}` : "create-modal"}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <header className="create-modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="create-icon-button" aria-label={t("close")} onClick={onClose}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}
