// The create page's toasts: each has its own title, description and how long it stays
// (null: until closed). At most three show at once (toast-stack).

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import { stackToast } from "./toast-stack.ts";

export interface ToastRequest {
  readonly kind: "info" | "success" | "error";
  readonly title: string;
  readonly description?: string;
  /** Milliseconds on screen; null keeps it until closed. */
  readonly durationMs: number | null;
  readonly link?: { readonly href: string; readonly label: string };
  /** A button in the toast (Undo); choosing it closes the toast. */
  readonly action?: { readonly label: string; readonly run: () => void };
}

export interface Toast extends ToastRequest {
  readonly id: number;
}

/** Toasts that name no duration of their own. */
export const DEFAULT_TOAST_MS = 5000;

const toastStore = createStore<{ readonly toasts: readonly Toast[] }>(() => ({ toasts: [] }));
let nextId = 1;

export function dismissToast(id: number): void {
  toastStore.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

export function showToast(request: ToastRequest): number {
  const id = nextId++;
  toastStore.setState((state) => ({ toasts: stackToast(state.toasts, { ...request, id }) }));
  if (request.durationMs !== null) setTimeout(() => dismissToast(id), request.durationMs);
  return id;
}

export const useToasts = (): readonly Toast[] => useStore(toastStore, (state) => state.toasts);
