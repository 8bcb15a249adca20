// A modal keeps the keyboard inside itself: on opening, the focus moves into it (unless something
// in it already took it); Tab and Shift+Tab cycle through its controls without leaving it; Escape,
// where the modal gives a way out, closes it; and on closing the focus goes back to the control that
// opened it, so a keyboard user carries on where they were.

import { type RefObject, useEffect, useRef } from "react";

const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
  "[contenteditable='true']",
].join(",");

/** The controls Tab stops at inside `container`, in document order (hidden ones left out). */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
}

/**
 * Traps the focus in the modal `ref` points at while it is mounted. `onEscape` closes it on Escape
 * (left out where Escape is handled elsewhere or the modal may not be left). A panel that is not
 * modal (`trap` false) takes the focus, gives it back and closes on Escape, but lets Tab move on.
 */
export function useModalFocus(ref: RefObject<HTMLElement | null>, onEscape?: () => void, trap = true): void {
  // Read while rendering the first time, before anything in the modal takes the focus.
  const opener = useRef<Element | null | undefined>(undefined);
  if (opener.current === undefined) opener.current = document.activeElement;
  const leave = useRef(onEscape);
  leave.current = onEscape;

  useEffect(() => {
    const modal = ref.current;
    if (modal === null) return;
    if (!modal.contains(document.activeElement)) {
      const first = focusableIn(modal)[0];
      if (first !== undefined) first.focus();
      else {
        modal.tabIndex = -1;
        modal.focus();
      }
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && leave.current !== undefined) {
        event.preventDefault();
        event.stopPropagation();
        leave.current();
        return;
      }
      if (event.key !== "Tab" || !trap) return;
      const controls = focusableIn(modal);
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (first === undefined || last === undefined) {
        event.preventDefault();
        return;
      }
      const at = document.activeElement;
      if (event.shiftKey && (at === first || !modal.contains(at))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (at === last || !modal.contains(at))) {
        event.preventDefault();
        first.focus();
      }
    };
    modal.addEventListener("keydown", onKey);
    return () => {
      modal.removeEventListener("keydown", onKey);
      // Back to the opener, unless the closing moved the focus somewhere on purpose.
      const back = opener.current;
      const focused = document.activeElement;
      const lost = focused === null || focused === document.body || modal.contains(focused);
      if (lost && back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [ref, trap]);
}
