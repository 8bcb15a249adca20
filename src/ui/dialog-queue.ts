// Dialogs wait in a queue and show one at a time; Escape runs the shown one's
// cancel action, except while one of its actions is running (the dialog closes when it settles).

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
  /** The index of the action running, or null. */
  readonly busy: number | null;
}

let nextId = 1;

export const dialogQueue = createStore<{ readonly dialogs: readonly QueuedDialog[] }>(() => ({
  dialogs: [],
}));

export function openDialog(request: DialogRequest): number {
  const id = nextId++;
  dialogQueue.setState((state) => ({ dialogs: [...state.dialogs, { ...request, id, busy: null }] }));
  return id;
}

export function closeDialog(id: number): void {
  dialogQueue.setState((state) => ({ dialogs: state.dialogs.filter((dialog) => dialog.id !== id) }));
}

const setBusy = (id: number, busy: number | null) =>
  dialogQueue.setState((state) => ({
    dialogs: state.dialogs.map((dialog) => (dialog.id === id ? { ...dialog, busy } : dialog)),
  }));

/**
 * Runs an action of the shown dialog: the dialog is busy meanwhile (no other action, no cancel)
 * and closes when the action settles. An action that throws is logged and said in a dialog of its
 * own, never left unhandled.
 */
export async function runDialogAction(id: number, index: number): Promise<void> {
  const dialog = dialogQueue.getState().dialogs.find((shown) => shown.id === id);
  const action = dialog?.actions[index];
  if (dialog === undefined || action === undefined || dialog.busy !== null) return;
  setBusy(id, index);
  try {
    await action.run();
  } catch (error) {
    console.error(`The dialog action "${action.label}" failed`, error);
    openDialog({
      title: "Something went wrong, try again",
      body: error instanceof Error ? error.message : String(error),
      actions: [{ label: "Close", run: () => undefined }],
    });
  } finally {
    closeDialog(id);
  }
}

/** Escape: cancels the dialog on screen (the first in the queue), unless its action is running. */
export function cancelShownDialog(): boolean {
  const shown = dialogQueue.getState().dialogs[0];
  if (shown === undefined || shown.busy !== null) return false;
  closeDialog(shown.id);
  shown.onCancel?.();
  return true;
}
