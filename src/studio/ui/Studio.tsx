// The studio page's root: opens the requested project (or the demo), starts the engine, and lays
// out the transport, the timeline, the sidebar and the overlays around one StudioSession.

import { useEffect, useState } from "react";
import { livePath } from "../../shared/collab/live-messages.ts";
import { DialogHost } from "../../ui/DialogHost.tsx";
import { LiveBinding, type LiveIdentity } from "../live/live-binding.ts";
import type { LiveSocket } from "../live/live-connection.ts";
import {
  browserStorage,
  createStudioApi,
  ProjectSaver,
  removeLocalCopy,
  saveOnLeave,
  saveToServer,
  writeLocalCopy,
} from "../persistence/index.ts";
import { DemoAutosave } from "../session/demo-autosave.ts";
import {
  OpenError,
  type OpenedStudioProject,
  openDemo,
  openRequested,
  type StudioRequest,
} from "../session/project-opener.ts";
import { attachSaveFeedback } from "../session/save-feedback.ts";
import { StudioSession } from "../session/studio-session.ts";
import { Sidebar } from "./panels/Sidebar.tsx";
import { readOnlyDialog } from "./read-only-dialog.ts";
import { ClipList } from "./shell/ClipList.tsx";
import { LivePresence } from "./shell/LivePresence.tsx";
import { LegacyEditorLink, LoadingOverlay, useLegacyLinkDue } from "./shell/LoadingOverlay.tsx";
import { Toasts } from "./shell/Toasts.tsx";
import { UploadBanner } from "./shell/UploadBanner.tsx";
import { useStudioShortcuts } from "./shell/use-shortcuts.ts";
import { SessionContext } from "./studio-context.ts";
import { applyTheme, savedTheme } from "./theme.ts";
import { TimelinePane } from "./tracks/TimelinePane.tsx";
import { TransportBar } from "./transport/TransportBar.tsx";
import "../../ui/tokens.css";
import "../../ui/widgets.css";
import "./studio.css";

export interface StudioProps {
  readonly request: StudioRequest;
  /** A project was loaded: the page drops query parameters that only asked for it. */
  readonly onProjectLoaded?: () => void;
  /** Goes to another studio address (a clone or remix opens the copy). */
  readonly navigate: (to: string) => void;
  /** Who is signed in (null: nobody, or not known yet), for the take lanes' unheard markers. */
  readonly viewerId: string | null;
  /** Who edits live (the account may): a writable server project is then edited live. */
  readonly live?: LiveIdentity | null;
  /**
   * Follows the pushed changes of the user's clips (the page's realtime socket), calling `onPush`
   * for each, until the returned function is called; without it generations only poll.
   */
  readonly followClipPushes?: ((onPush: () => void) => () => void) | null;
}

const isDemo = (request: StudioRequest) =>
  request.forClipId === null && request.projectVersionId === null && request.initialProjectId === null;

function StudioLayout({ session, loadingShownAt }: { session: StudioSession; loadingShownAt: number }) {
  useStudioShortcuts(session.controller);
  return (
    <SessionContext.Provider value={session}>
      <div className="studio" data-testid="studio">
        <TransportBar />
        <LivePresence />
        <UploadBanner />
        <div className="studio-main">
          <TimelinePane />
          <Sidebar />
        </div>
        <ClipList />
        <Toasts />
        <DialogHost />
        <LoadingOverlay loadingShownAt={loadingShownAt} />
      </div>
    </SessionContext.Provider>
  );
}

/** "Loading DSP Engine..." while the project opens, with the legacy link once it is due. */
function Opening({ loadingShownAt }: { loadingShownAt: number }) {
  const showLegacy = useLegacyLinkDue(loadingShownAt);
  return (
    <div className="studio studio-opening">
      <p role="status">Loading DSP Engine...</p>
      {showLegacy && <LegacyEditorLink />}
    </div>
  );
}

/** The live socket of a project, on this page's own host (the session cookie goes with it). */
const openLiveSocket = (projectId: string) => (): LiveSocket =>
  new WebSocket(
    `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${livePath(projectId)}`,
  ) as unknown as LiveSocket;

/** Edits the open project live while the page has an identity for it and may write it. */
function useLiveEditing(session: StudioSession | null, live: LiveIdentity | null) {
  const userId = live?.userId ?? null;
  const handle = live?.handle ?? null;
  useEffect(() => {
    const projectId = session?.projectId ?? null;
    if (session === null || projectId === null || userId === null || handle === null) return;
    if (session.controller.state.readOnly) return;
    const controller = session.controller;
    const binding = new LiveBinding(controller, { userId, handle }, openLiveSocket(projectId), () =>
      controller.toast({ kind: "error", title: "Your last change could not be applied" }),
    );
    session.live.setState(binding, true);
    const stopFrames = session.frames.add((now) => binding.frame(now));
    return () => {
      stopFrames();
      binding.close();
      session.live.setState(null, true);
    };
  }, [session, userId, handle]);
}

export function Studio({
  request,
  onProjectLoaded,
  navigate,
  viewerId,
  live = null,
  followClipPushes = null,
}: StudioProps) {
  const [session, setSession] = useState<StudioSession | null>(null);
  // The legacy link's 5 s count from when the loading text first shows: now, as the project opens.
  const [loadingShownAt, setLoadingShownAt] = useState(() => performance.now());
  const [failure, setFailure] = useState<OpenError | null>(null);
  const { forClipId, projectVersionId, initialProjectId } = request;

  useEffect(() => {
    applyTheme(savedTheme());
    let cancelled = false;
    const cleanups: (() => void)[] = [];
    // Another project asked for: "Loading DSP Engine..." shows again, and its 5 s count anew.
    setLoadingShownAt(performance.now());
    const start = async () => {
      const wanted = { forClipId, projectVersionId, initialProjectId };
      const api = createStudioApi();
      let opened: OpenedStudioProject;
      try {
        opened = isDemo(wanted) ? openDemo() : await openRequested(wanted, api);
      } catch (error) {
        if (!cancelled)
          setFailure(
            error instanceof OpenError
              ? error
              : new OpenError("Failed to load project", "Please try again later."),
          );
        return;
      }
      if (cancelled) return;
      let state = opened.state;
      let autosave: ConstructorParameters<typeof StudioSession>[1] = null;
      let saver: ProjectSaver | null = null;
      const storage = browserStorage();
      if (opened.projectId === null) {
        const demo = new DemoAutosave(storage);
        autosave = demo;
        cleanups.push(() => demo.dispose());
      } else if (opened.readOnly === null && opened.sharing?.liveMember !== true) {
        const projectSaver = new ProjectSaver({ save: saveToServer(api), storage });
        state =
          projectSaver.reset({ projectId: opened.projectId, versionId: opened.versionId, state }) ?? state;
        autosave = projectSaver;
        saver = projectSaver;
        cleanups.push(saveOnLeave(projectSaver, { window, document }), () => {
          void projectSaver.flush({ keepalive: true });
          projectSaver.dispose();
        });
      }
      const created = new StudioSession(state, autosave, { theme: savedTheme() });
      created.projectId = opened.projectId;
      created.sharing.setState(opened.sharing, true);
      if (saver !== null && opened.projectId !== null) {
        // A save refused as locked or read-only: the page turns read-only and offers the copy, which
        // gets the edits the original refused (kept for it in this browser, saved when it opens).
        const projectSaver = saver;
        const projectId = opened.projectId;
        const carryEdits = (copy: { id: string; version_id: number }) => {
          const latest = projectSaver.latestState;
          if (storage === null || latest === null || !projectSaver.hasUnsavedChanges) return;
          const kept = writeLocalCopy(storage, {
            projectId: copy.id,
            baseVersionId: copy.version_id,
            state: latest,
            writtenAt: Date.now(),
          });
          if (kept) removeLocalCopy(storage, projectId);
        };
        cleanups.push(
          attachSaveFeedback(projectSaver, created.controller, (readOnly, versionId) =>
            readOnlyDialog({ readOnly, versionId }, api, navigate, carryEdits),
          ),
        );
      }
      if (autosave !== null) {
        const source = autosave as DemoAutosave | ProjectSaver;
        created.saveStatus = {
          local: opened.projectId === null,
          snapshot: () => source.snapshot(),
          subscribe: (listener) => source.subscribe(() => listener()),
        };
      }
      if (opened.readOnly !== null) {
        created.controller.setReadOnly(true);
        created.controller.onReadOnlyEdit = readOnlyDialog(opened, api, navigate);
      }
      cleanups.unshift(() => void created.dispose());
      created.frames.start();
      created.resumeOnFirstGesture();
      setSession(created);
      onProjectLoaded?.();
      void created.startEngine();
    };
    void start();
    return () => {
      cancelled = true;
      for (const cleanup of cleanups) cleanup();
      setSession(null);
    };
  }, [forClipId, projectVersionId, initialProjectId, navigate, onProjectLoaded]);

  useEffect(() => {
    session?.viewerId.setState(viewerId, true);
  }, [session, viewerId]);
  useEffect(() => {
    if (session === null || followClipPushes === null) return;
    return followClipPushes(() => session.clipWakes.pushed());
  }, [session, followClipPushes]);
  useLiveEditing(session, live);

  if (failure !== null) {
    return (
      <div className="studio studio-failed" role="alert">
        <h1>{failure.title}</h1>
        <p>{failure.description}</p>
        <a href="/studio">Open the demo project</a>
      </div>
    );
  }
  if (session === null) return <Opening loadingShownAt={loadingShownAt} />;
  return <StudioLayout session={session} loadingShownAt={loadingShownAt} />;
}
