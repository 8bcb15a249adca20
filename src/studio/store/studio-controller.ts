// The store and every action on it. Components call these; the timeline's pointer handlers too.
// Project changes go through the pure editing functions, then into the history; the engine and the
// autosave follow the store on their own (see studio-session.ts).

import { createStore, type StoreApi } from "zustand/vanilla";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { beats } from "../../shared/time.ts";
import {
  type ClipRef,
  canRedo,
  canUndo,
  copy,
  cut,
  deleteSelection,
  duplicate,
  moveSelectedTracks,
  muteAll,
  paste,
  type StudioCommand,
  selectAll,
  split,
  toggleMetronome,
} from "../editing/index.ts";
import {
  abandonGesture,
  applyEdit,
  applyEditResult,
  finishGesture,
  type ProjectEdit,
  redoStep,
  replacePresent,
  rewriteHistory,
  startGesture,
  undoStep,
  updateGesture,
} from "./project-reducers.ts";
import type { UploadEntry } from "./studio-state.ts";
import {
  initialStudioState,
  type SidebarSection,
  type StudioState,
  type StudioUiState,
  type Toast,
} from "./studio-state.ts";
import type { Transport } from "./transport.ts";
import {
  addToast,
  doubleGridOf,
  halveGridOf,
  removeToast,
  removeUpload,
  setUi,
  showSidebarSection,
  toggleFollowOf,
  upsertUpload,
} from "./ui-reducers.ts";

export type StudioStore = StoreApi<StudioState>;

/** How long error toasts stay. */
const TOAST_MS = 5000;

export class StudioController {
  readonly store: StudioStore;
  private transport: Transport | null = null;
  /** Asked instead of applying an edit to a read-only project (the clone dialog). */
  onReadOnlyEdit: (() => void) | null = null;
  /** Set while the project is edited live: undo and redo are the shared doc's, of one's own edits. */
  liveUndo: { undo(): void; redo(): void } | null = null;

  constructor(project: StudioProjectState, ui: Partial<StudioUiState> = {}) {
    this.store = createStore<StudioState>(() => initialStudioState(project, ui));
  }

  get state(): StudioState {
    return this.store.getState();
  }

  get project(): StudioProjectState {
    return this.store.getState().history.present;
  }

  private set(next: StudioState): void {
    if (next !== this.store.getState()) this.store.setState(next, true);
  }

  attachTransport(transport: Transport | null): void {
    this.transport = transport;
  }

  private writable(): boolean {
    if (!this.state.readOnly) return true;
    this.onReadOnlyEdit?.();
    return false;
  }

  /**
   * For work that starts before its edit (an upload): true when the project may be edited;
   * otherwise the read-only dialog opens and the work should not start.
   */
  mayEdit(): boolean {
    return this.writable();
  }

  // Project edits.

  edit(edit: ProjectEdit): void {
    if (this.writable()) this.set(applyEdit(this.state, edit));
  }

  /** Selection and other changes that are not undo steps of their own. */
  select(edit: ProjectEdit): void {
    this.set(replacePresent(this.state, edit));
  }

  /** Rewrites the whole history (upload ids becoming song clip ids); not an undo step. */
  rewrite(edit: ProjectEdit): void {
    this.set(rewriteHistory(this.state, edit));
  }

  beginGesture(): boolean {
    if (!this.writable()) return false;
    this.set(startGesture(this.state));
    return true;
  }

  updateGesture(edit: ProjectEdit): void {
    if (this.state.history.gesture !== null) this.set(updateGesture(this.state, edit));
  }

  endGesture(): void {
    this.set(finishGesture(this.state));
  }

  cancelGesture(): void {
    this.set(abandonGesture(this.state));
  }

  get inGesture(): boolean {
    return this.state.history.gesture !== null;
  }

  undo(): void {
    if (this.liveUndo !== null) this.liveUndo.undo();
    else if (canUndo(this.state.history)) this.set(undoStep(this.state));
  }

  redo(): void {
    if (this.liveUndo !== null) this.liveUndo.redo();
    else if (canRedo(this.state.history)) this.set(redoStep(this.state));
  }

  /**
   * The shared doc's state while live (someone's edit, one's own undo): the present, not an undo
   * step; the history keeps only it, since undo is the doc's then.
   */
  applyLive(project: StudioProjectState, live: NonNullable<StudioState["live"]>): void {
    const { history } = this.state;
    this.set({
      ...this.state,
      history: { past: [], present: project, future: [], gesture: history.gesture },
      live,
    });
  }

  /** Live editing ended: the local history takes over again from the present. */
  endLive(): void {
    this.liveUndo = null;
    if (this.state.live !== null) this.set({ ...this.state, live: null });
  }

  /** Replaces the project outright (another project opened): the history starts over. */
  load(project: StudioProjectState, readOnly = false): void {
    this.set({ ...initialStudioState(project, this.state.ui), readOnly, toasts: this.state.toasts });
  }

  setReadOnly(readOnly: boolean): void {
    if (readOnly !== this.state.readOnly) this.set({ ...this.state, readOnly });
  }

  private editWithMessage(edit: Parameters<typeof applyEditResult>[1]): void {
    if (!this.writable()) return;
    const { state, message } = applyEditResult(this.state, edit);
    this.set(state);
    if (message !== null) this.toast({ kind: "info", title: message });
  }

  // UI.

  setUi(ui: Partial<StudioUiState>): void {
    this.set(setUi(this.state, ui));
  }

  selectClip(ref: ClipRef | null): void {
    const current = this.state.ui.selectedClip;
    if (current?.clipId === ref?.clipId && current?.trackId === ref?.trackId) return;
    this.setUi({ selectedClip: ref });
  }

  showSection(section: SidebarSection): void {
    this.set(showSidebarSection(this.state, section));
  }

  toast(toast: Omit<Toast, "id">, durationMs = TOAST_MS): void {
    const { state, id } = addToast(this.state, toast);
    this.set(state);
    if (durationMs > 0) setTimeout(() => this.dismissToast(id), durationMs);
  }

  dismissToast(id: number): void {
    this.set(removeToast(this.state, id));
  }

  setUpload(entry: UploadEntry): void {
    this.set(upsertUpload(this.state, entry));
  }

  dropUpload(id: string): void {
    this.set(removeUpload(this.state, id));
  }

  // Transport.

  /** Where the playhead is: the engine's while playing, the cursor while stopped. */
  playheadBeats(): number {
    const playhead = this.transport?.playhead();
    return playhead?.playing ? playhead.beats : this.state.ui.cursorBeats;
  }

  async play(): Promise<void> {
    const transport = this.transport;
    if (transport === null) return;
    await transport.resume();
    transport.seek(this.state.ui.cursorBeats);
    transport.play();
    this.setUi({ playing: true });
  }

  stop(): void {
    const transport = this.transport;
    if (transport === null) return;
    const at = transport.playhead().beats;
    transport.stop();
    // Stopping leaves the playhead where it was heard, so Ctrl+E after stopping splits there.
    this.setUi({ playing: false, cursorBeats: Math.max(0, at) });
  }

  togglePlay(): void {
    if (this.state.ui.playing) this.stop();
    else void this.play();
  }

  seek(position: number): void {
    const at = Math.max(0, position);
    this.transport?.seek(at);
    this.setUi({ cursorBeats: at });
  }

  /** The engine stopped by itself (or was stopped elsewhere): the store catches up. */
  syncPlaying(playing: boolean): void {
    if (playing !== this.state.ui.playing) this.setUi({ playing });
  }

  // Keyboard commands.

  run(command: StudioCommand): void {
    switch (command) {
      case "playStop":
        this.togglePlay();
        return;
      case "muteAll":
        this.edit(muteAll);
        return;
      case "moveTracksUp":
        this.edit((project) => moveSelectedTracks(project, "up"));
        return;
      case "moveTracksDown":
        this.edit((project) => moveSelectedTracks(project, "down"));
        return;
      case "toggleFollow":
        this.set(toggleFollowOf(this.state));
        return;
      case "toggleMetronome":
        this.edit(toggleMetronome);
        return;
      case "selectAll":
        this.select(selectAll);
        return;
      case "split": {
        const at = beats(this.playheadBeats());
        this.edit((project) => split(project, at));
        return;
      }
      case "duplicate":
        this.editWithMessage((project) => duplicate(project));
        return;
      case "copy": {
        const clipboard = copy(this.project);
        if (clipboard !== null) this.set({ ...this.state, clipboard });
        return;
      }
      case "cut": {
        if (!this.writable()) return;
        const result = cut(this.project);
        const { state } = applyEditResult(this.state, () => result);
        this.set(result.clipboard === null ? state : { ...state, clipboard: result.clipboard });
        return;
      }
      case "paste": {
        const clipboard = this.state.clipboard;
        this.editWithMessage((project) => paste(project, clipboard));
        return;
      }
      case "undo":
        this.undo();
        return;
      case "redo":
        this.redo();
        return;
      case "halveGrid":
        this.set(halveGridOf(this.state));
        return;
      case "doubleGrid":
        this.set(doubleGridOf(this.state));
        return;
      case "deleteSelection":
        this.editWithMessage(deleteSelection);
        return;
    }
  }
}
