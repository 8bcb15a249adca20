// One open studio: the store, the engine, the view, the frame loop, the autosave and the uploads,
// wired together. The project state in the store is the single source of truth; the engine and
// the autosave follow it here, outside React.

import { createStore, type StoreApi } from "zustand/vanilla";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { ClipSourceLoader } from "../audio/clip-source-loader.ts";
import { StudioAudio } from "../audio/studio-audio.ts";
import { contentEndBeats } from "../editing/index.ts";
import { markTakeLaneHeard, takeLanesHeardAt } from "../editing/take-lanes.ts";
import { ClipWakes } from "../generate/clip-wakes.ts";
import { GeneratePanel } from "../generate/panel-state.ts";
import { loadStreamingSource } from "../generate/streaming-source.ts";
import { StudioGenerator } from "../generate/studio-generator.ts";
import type { LiveBinding } from "../live/live-binding.ts";
import { MeterRegistry } from "../meters/meter-registry.ts";
import { browserStorage, type ProjectSaver } from "../persistence/index.ts";
import { RecordingSession } from "../recording/recording-session.ts";
import { StudioController } from "../store/studio-controller.ts";
import type { StudioUiState } from "../store/studio-state.ts";
import { InteractionState } from "../timeline/interaction-state.ts";
import { Viewport } from "../timeline/viewport.ts";
import { UploadManager } from "../uploads/upload-manager.ts";
import type { DemoAutosave } from "./demo-autosave.ts";
import { FrameLoop } from "./frame-loop.ts";
import type { ProjectSharing } from "./project-opener.ts";

export type EnginePhase = "loading" | "ready" | "failed";

export interface SessionStatus {
  readonly engine: EnginePhase;
  readonly error: string | null;
  /** When the engine finished loading (performance.now()), for the overlay's fade. */
  readonly readyAt: number | null;
}

/**
 * Whether the engine could hear a difference: the selection, the title and the other parts the
 * render plan does not read change nothing it plays, and rebuilding the plan costs milliseconds.
 */
export const playsDifferently = (next: StudioProjectState, previous: StudioProjectState): boolean =>
  next.tracks !== previous.tracks ||
  next.timing !== previous.timing ||
  next.loop !== previous.loop ||
  next.metronome !== previous.metronome ||
  next.amplitude !== previous.amplitude ||
  next.songFadeInBeats !== previous.songFadeInBeats ||
  next.songFadeOutBeats !== previous.songFadeOutBeats;

export type Autosave = Pick<DemoAutosave, "change" | "flush"> | Pick<ProjectSaver, "change">;

/** What the save indicator reads: the server autosave's snapshot, or the demo's local one. */
export interface SaveStatusSource {
  readonly local: boolean;
  snapshot(): { readonly status: string; readonly error: string | null };
  subscribe(listener: () => void): () => void;
}

export class StudioSession {
  readonly controller: StudioController;
  readonly viewport = new Viewport();
  readonly interaction = new InteractionState();
  readonly frames = new FrameLoop();
  readonly meters = new MeterRegistry();
  readonly uploads: UploadManager;
  readonly recording: RecordingSession;
  /** Generate from a selection: the panel's state and the generations it starts. */
  readonly generatePanel = new GeneratePanel(browserStorage());
  readonly generator: StudioGenerator;
  /** Told by the page of each pushed change of the user's clips (its realtime socket). */
  readonly clipWakes = new ClipWakes();
  /** The studio project open (null for the demo), set by whoever opened it. */
  projectId: string | null = null;
  /** Who the viewer is to the open project and whether it is shared (null for the demo). */
  readonly sharing: StoreApi<ProjectSharing | null> = createStore<ProjectSharing | null>(() => null);
  readonly status: StoreApi<SessionStatus> = createStore<SessionStatus>(() => ({
    engine: "loading",
    error: null,
    readyAt: null,
  }));
  audio: StudioAudio | null = null;
  /** Set by whoever opened the project, for the save indicator; null for read-only projects. */
  saveStatus: SaveStatusSource | null = null;
  /** Who is signed in, for take lanes unheard by them (set by the page; nobody by default). */
  readonly viewerId: StoreApi<string | null> = createStore<string | null>(() => null);
  /**
   * Set while the project is edited live; the server then saves the merged state, so the page's
   * own autosave rests.
   */
  readonly live: StoreApi<LiveBinding | null> = createStore<LiveBinding | null>(() => null);
  private loader: ClipSourceLoader | null = null;
  private readonly cleanups: (() => void)[] = [];
  private disposed = false;

  constructor(
    project: StudioProjectState,
    private readonly autosave: Autosave | null,
    ui: Partial<StudioUiState> = {},
  ) {
    this.controller = new StudioController(project, ui);
    this.viewport.fitOnFirstSize(contentEndBeats(project));
    this.uploads = new UploadManager(this.controller, () => this.audio);
    this.recording = new RecordingSession(this.controller, () => this.audio, this.uploads, browserStorage());
    this.cleanups.push(() => this.recording.dispose());
    // Takes and files that failed to upload are kept in the page: sent again once back online.
    const retryUploads = () => void this.uploads.retryFailed();
    globalThis.addEventListener?.("online", retryUploads);
    this.cleanups.push(() => globalThis.removeEventListener?.("online", retryUploads));
    this.generator = new StudioGenerator({
      controller: this.controller,
      panel: this.generatePanel,
      projectId: () => this.projectId,
      wakes: this.clipWakes,
    });
    this.cleanups.push(() => this.generator.dispose());
    this.cleanups.push(
      this.controller.store.subscribe((state, previous) => {
        const { history } = state;
        if (history.present !== previous.history.present) {
          this.projectChanged(history.present, previous.history.present);
        }
        // A drag is saved once, when it ends, not at every step.
        const gestureEnded = history.gesture === null && previous.history.gesture !== null;
        const changed = gestureEnded || history.present !== previous.history.present;
        if (history.gesture === null && changed && this.live.getState() === null) {
          this.autosave?.change(history.present);
        }
      }),
    );
    this.cleanups.push(this.frames.add((now) => this.meters.frame(now, this.audio?.host ?? null)));
    this.cleanups.push(this.frames.add(() => this.markHeardTakeLanes()));
  }

  /**
   * A soloed take lane played under the playhead has been heard: its unheard marker goes. That is
   * a fact rather than an edit, so it is written through the whole history (an undo does not bring
   * the marker back) and saved like any change. Not on read-only projects (nothing could be saved)
   * nor during a drag (the drag's steps start from its first state).
   */
  private markHeardTakeLanes(): void {
    const controller = this.controller;
    const state = controller.state;
    if (!state.ui.playing || state.readOnly || state.history.gesture !== null) return;
    const heard = takeLanesHeardAt(
      state.history.present,
      controller.playheadBeats(),
      this.viewerId.getState(),
    );
    for (const ref of heard) controller.rewrite((project) => markTakeLaneHeard(project, ref));
  }

  private projectChanged(project: StudioProjectState, previous: StudioProjectState): void {
    const audio = this.audio;
    if (audio !== null && playsDifferently(project, previous)) {
      const error = audio.update(project);
      if (error !== null) {
        console.error(error);
        this.controller.toast({
          kind: "error",
          title: "Something went wrong, try again",
          description: "If this error persists, please contact support.",
        });
      }
      this.loader?.loadFor(project);
    }
  }

  /** Starts the engine and loads what the project plays; the studio works meanwhile, silently. */
  async startEngine(): Promise<void> {
    try {
      const audio = await StudioAudio.start();
      if (this.disposed) {
        await audio.close();
        return;
      }
      audio.loadDemoSources();
      this.audio = audio;
      this.loader = new ClipSourceLoader(audio, undefined, undefined, (clipId) =>
        loadStreamingSource(audio.sources, clipId),
      );
      this.controller.attachTransport(audio.transport());
      const project = this.controller.project;
      const error = audio.update(project);
      if (error !== null) console.error(error);
      // Unfinished uploads of an earlier visit play from the browser's copy, not as missing.
      if (!this.controller.state.readOnly) await this.uploads.restorePending(project);
      if (this.disposed) return;
      this.loader.loadFor(project);
      if (!this.controller.state.readOnly) this.uploads.resumeAnalyses(project);
      this.status.setState({ engine: "ready", error: null, readyAt: performance.now() });
    } catch (error) {
      console.error(error);
      this.status.setState({
        engine: "failed",
        error: error instanceof Error ? error.message : String(error),
        readyAt: null,
      });
    }
  }

  /** Browsers start audio only after a user gesture: the first one resumes the context. */
  resumeOnFirstGesture(): void {
    const resume = () => {
      const audio = this.audio;
      if (audio === null) return;
      void audio.host.resume();
      window.removeEventListener("pointerdown", resume, true);
      window.removeEventListener("keydown", resume, true);
    };
    window.addEventListener("pointerdown", resume, true);
    window.addEventListener("keydown", resume, true);
    this.cleanups.push(() => {
      window.removeEventListener("pointerdown", resume, true);
      window.removeEventListener("keydown", resume, true);
    });
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.frames.stop();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    if (this.autosave !== null && "flush" in this.autosave) this.autosave.flush();
    this.controller.attachTransport(null);
    const audio = this.audio;
    this.audio = null;
    await audio?.close();
  }
}
