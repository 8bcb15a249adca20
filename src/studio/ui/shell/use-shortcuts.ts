// The studio's keyboard shortcuts through commandForKey, except while typing in a
// field, where the keys type, and while a dialog is open.

import { useEffect } from "react";
import { dialogQueue } from "../../../ui/dialog-queue.ts";
import { commandForKey } from "../../editing/index.ts";
import type { StudioController } from "../../store/studio-controller.ts";

/** Whether a key event's target takes typed text (keys then type rather than act). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !["checkbox", "radio", "range", "button", "color"].includes(target.type);
  }
  return false;
}

export function useStudioShortcuts(controller: StudioController): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || (event.repeat && event.key === " ")) return;
      if (isTyping(event.target) || dialogQueue.getState().dialogs.length > 0) return;
      const command = commandForKey(event);
      if (command === null) return;
      // Sliders keep their arrow keys; the fader's own handler stops them before they get here.
      event.preventDefault();
      controller.run(command);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [controller]);
}
