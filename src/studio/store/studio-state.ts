// The studio's store state: the project with its undo history (the single source of truth), and
// the UI state around it. Per-frame values (playhead, meters) are never kept here.

import type { StudioProjectState } from "../../shared/project/index.ts";
import { type Clipboard, type ClipRef, createHistory, type History } from "../editing/index.ts";

export type SidebarSection = "clip-info" | "eq" | "generate" | "export" | "share";
export type ThemeChoice = "dark" | "light" | "system";

export interface Toast {
  readonly id: number;
  readonly kind: "info" | "error";
  readonly title: string;
  readonly description?: string;
}

export type UploadPhase = "uploading" | "processing" | "completed" | "failed" | "cancelled";

export interface UploadEntry {
  readonly id: string;
  readonly fileName: string;
  readonly phase: UploadPhase;
  readonly message: string | null;
  /** A failed upload whose file the page still holds: it can be sent again. */
  readonly canRetry?: boolean;
}

export interface StudioUiState {
  readonly selectedClip: ClipRef | null;
  /** The grid spacing in beats: 1/32..32, halved and doubled with Shift+1 and Shift+2. */
  readonly gridMultiplier: number;
  /** Ctrl+F: the view follows the playhead while playing (on by default, as in other DAWs). */
  readonly follow: boolean;
  readonly sidebarOpen: boolean;
  readonly sidebarSection: SidebarSection;
  readonly theme: ThemeChoice;
  /** Whether the transport was last asked to play; the position itself lives in the engine. */
  readonly playing: boolean;
  /** Where the playhead was put while stopped, in beats. */
  readonly cursorBeats: number;
}

export interface StudioState {
  readonly history: History<StudioProjectState>;
  readonly clipboard: Clipboard | null;
  readonly ui: StudioUiState;
  readonly toasts: readonly Toast[];
  readonly uploads: readonly UploadEntry[];
  /** Edits are refused with the clone dialog instead (locked versions, other people's projects). */
  readonly readOnly: boolean;
  /**
   * While the project is edited live: what undo and redo can do (one's own edits in the shared doc,
   * not the history above, which then only holds the present). Null otherwise.
   */
  readonly live: { readonly canUndo: boolean; readonly canRedo: boolean } | null;
}

export const INITIAL_UI: StudioUiState = {
  selectedClip: null,
  gridMultiplier: 1,
  follow: true,
  // The sidebar starts at 50 px (closed), on its clip-info section.
  sidebarOpen: false,
  sidebarSection: "clip-info",
  theme: "dark",
  playing: false,
  cursorBeats: 0,
};

export const initialStudioState = (
  project: StudioProjectState,
  ui: Partial<StudioUiState> = {},
): StudioState => ({
  history: createHistory(project),
  clipboard: null,
  ui: { ...INITIAL_UI, ...ui },
  toasts: [],
  uploads: [],
  readOnly: false,
  live: null,
});

export const presentProject = (state: StudioState): StudioProjectState => state.history.present;
