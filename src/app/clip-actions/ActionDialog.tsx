import type { ReactNode } from "react";

/** A clip action's dialog: over a backdrop, a heading with a close button, the content, the buttons. */
export function ActionDialog(props: {
  readonly title: string;
  readonly testId: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly actions?: ReactNode;
}) {
  const titleId = `${props.testId}-title`;
  return (
    <div className="create-modal-backdrop">
      <section
        className="create-modal clip-action-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={props.testId}
        onKeyDown={(event) => event.key === "Escape" && props.onClose()}
      >
        <header className="create-modal-header">
          <h2 id={titleId}>{props.title}</h2>
          <button type="button" className="clip-action-close" aria-label="Close" onClick={props.onClose}>
            ×
          </button>
        </header>
        {props.children}
        {props.actions && <footer className="clip-action-buttons">{props.actions}</footer>}
      </section>
    </div>
  );
}
