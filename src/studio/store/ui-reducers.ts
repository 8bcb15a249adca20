// Pure transitions of the studio's UI state.

import { doubleGrid, halveGrid } from "../editing/index.ts";
import type { SidebarSection, StudioState, StudioUiState, Toast, UploadEntry } from "./studio-state.ts";

const withUi = (state: StudioState, ui: Partial<StudioUiState>): StudioState => ({
  ...state,
  ui: { ...state.ui, ...ui },
});

export const halveGridOf = (state: StudioState): StudioState =>
  withUi(state, { gridMultiplier: halveGrid(state.ui.gridMultiplier) });

export const doubleGridOf = (state: StudioState): StudioState =>
  withUi(state, { gridMultiplier: doubleGrid(state.ui.gridMultiplier) });

export const toggleFollowOf = (state: StudioState): StudioState =>
  withUi(state, { follow: !state.ui.follow });

/** Opening a section opens the sidebar; choosing the open section again closes it. */
export function showSidebarSection(state: StudioState, section: SidebarSection): StudioState {
  const { sidebarOpen, sidebarSection } = state.ui;
  if (sidebarOpen && sidebarSection === section) return withUi(state, { sidebarOpen: false });
  return withUi(state, { sidebarOpen: true, sidebarSection: section });
}

export const toggleSidebar = (state: StudioState): StudioState =>
  withUi(state, { sidebarOpen: !state.ui.sidebarOpen });

export const setUi = withUi;

let nextToastId = 1;

/** At most this many toasts are shown; older ones make way. */
export const MAX_TOASTS = 4;

export function addToast(state: StudioState, toast: Omit<Toast, "id">): { state: StudioState; id: number } {
  const id = nextToastId++;
  return { state: { ...state, toasts: [...state.toasts, { ...toast, id }].slice(-MAX_TOASTS) }, id };
}

export const removeToast = (state: StudioState, id: number): StudioState =>
  state.toasts.some((toast) => toast.id === id)
    ? { ...state, toasts: state.toasts.filter((toast) => toast.id !== id) }
    : state;

export function upsertUpload(state: StudioState, entry: UploadEntry): StudioState {
  const index = state.uploads.findIndex((upload) => upload.id === entry.id);
  const uploads = index < 0 ? [...state.uploads, entry] : state.uploads.with(index, entry);
  return { ...state, uploads };
}

export const removeUpload = (state: StudioState, id: string): StudioState =>
  state.uploads.some((upload) => upload.id === id)
    ? { ...state, uploads: state.uploads.filter((upload) => upload.id !== id) }
    : state;
