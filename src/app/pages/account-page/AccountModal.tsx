import { type ReactNode, useEffect, useRef } from "react";

/**
 * A modal on the native <dialog>: showModal() traps focus and Escape closes it, as the browser
 * does it; closing by any means calls onClose.
 */
export function AccountModal(props: {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { onClose } = props;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const closed = () => onClose();
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, [onClose]);
  return (
    <dialog
      ref={ref}
      className="account-modal"
      aria-labelledby="account-modal-title"
      data-testid={props.testId}
    >
      <h2 id="account-modal-title">{props.title}</h2>
      {props.children}
    </dialog>
  );
}
