// Dialogs wait in a queue and show one at a time (spec section 2); Escape runs the shown one's
// cancel action.

import { createStore } from "zustand/vanilla";

export interface DialogAction {
  readonly label: string;
  /** Shown on the button while the action runs. */
  readonly busyLabel?: string;
  readonly kind?: "primary" | "secondary" | "danger";
  /** May be async; the dialog closes when it settles. */
  run(): void | Promise<void>;
}

export interface DialogRequest {
  readonly title: string;
  readonly body: string;
  readonly actions: readonly DialogAction[];
  /** Escape, the close button or a click outside. */
  onCancel?(): void;
}

export interface QueuedDialog extends DialogRequest {
  readonly id: number;
}

let nextId = 1;

export const dialogQueue = createStore<{ readonly dialogs: readonly QueuedDialog[] }>(() => ({
  dialogs: [],
}));

export function openDialog(request: DialogRequest): number {
  const id = nextId++;
  dialogQueue.setState((state) => ({ dialogs: [...state.dialogs, { ...request, id }] }));
  return id;
}

export function closeDialog(id: number): void {
  dialogQueue.setState((state) => ({ dialogs: state.dialogs.filter((dialog) => dialog.id !== id) }));
}

/** Escape: cancels the dialog on screen (the first in the queue). */
export function cancelShownDialog(): boolean {
  const shown = dialogQueue.getState().dialogs[0];
  if (shown === undefined) return false;
  closeDialog(shown.id);
  shown.onCancel?.();
  return true;
}
