import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  newClip,
  newProjectState,
  newTrack,
  type StudioProjectState,
} from "../../src/shared/project/index.ts";
import {
  createStudioApi,
  KEEPALIVE_BODY_MAX,
  memoryStorage,
  ProjectSaver,
  type ProjectSaverOptions,
  readLocalCopy,
  type SaveContext,
  type SaveStatus,
  StudioApiError,
  StudioNetworkError,
  saveOnLeave,
  saveToServer,
} from "../../src/studio/persistence/index.ts";
import { OpenError, openRequested, type ReadOnlyReason } from "../../src/studio/session/project-opener.ts";
import {
  attachSaveFeedback,
  SAVE_FAILED_DESCRIPTION,
  SAVE_FAILED_TITLE,
} from "../../src/studio/session/save-feedback.ts";
import { StudioController } from "../../src/studio/store/studio-controller.ts";
import { readOnlyDialog } from "../../src/studio/ui/read-only-dialog.ts";
import { dialogQueue, runDialogAction } from "../../src/ui/dialog-queue.ts";

/** A state told apart by its name (ids fixed, so equal states compare equal). */
const stateNamed = (name: string, clips = 1): StudioProjectState =>
  newProjectState({
    title: name,
    tracks: [
      newTrack({
        id: "track",
        clips: Array.from({ length: clips }, (_, index) =>
          newClip({ id: `${name}-${index}`, startBeats: index * 4, endBeats: index * 4 + 4 }),
        ),
      }),
    ],
  });

/** The server's answer for project p (version 3, own, unshared) with this title and state. */
const projectAnswer = (title: string, state: unknown) => ({
  id: "p",
  title,
  state,
  version_id: 3,
  is_owner: true,
  is_shared: false,
  is_locked: false,
  source_clip_id: null,
  cloned_from_version_id: null,
  created_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z",
});

interface Deferred {
  resolve(versionId: number): void;
  reject(error: unknown): void;
}

/** A server to save to: answers the next version id, or what a test tells it to. */
function fakeServer() {
  let nextVersion = 10;
  const calls: { state: StudioProjectState; context: SaveContext }[] = [];
  const held: Deferred[] = [];
  let answer: "ok" | "hold" | (() => never) = "ok";
  const save = vi.fn(async (state: StudioProjectState, context: SaveContext) => {
    calls.push({ state, context });
    if (answer === "hold") return new Promise<number>((resolve, reject) => held.push({ resolve, reject }));
    if (answer !== "ok") answer();
    return ++nextVersion;
  });
  return {
    save,
    calls,
    held,
    answerWith(next: "ok" | "hold" | (() => never)) {
      answer = next;
    },
    titles: () => calls.map((call) => call.state.title),
  };
}

const offlineError = () => {
  throw new StudioNetworkError("Failed to fetch");
};
const statusError =
  (status: number, detail = "Nope") =>
  () => {
    throw new StudioApiError(status, detail);
  };

function setup(options: Partial<ProjectSaverOptions> = {}) {
  const server = fakeServer();
  const storage = memoryStorage();
  const saver = new ProjectSaver({ save: server.save, storage, isOnline: () => true, ...options });
  const statuses: SaveStatus[] = [];
  saver.subscribe((snapshot) => {
    if (statuses.at(-1) !== snapshot.status) statuses.push(snapshot.status);
  });
  return { server, storage, saver, statuses };
}

describe("ProjectSaver", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("saves once, 2.5 s after the last change, with the latest state", async () => {
    const { server, saver, statuses } = setup();
    saver.reset({ projectId: "p1", versionId: 1, state: stateNamed("loaded") });
    expect(saver.status).toBe("saved");
    saver.change(stateNamed("a"));
    await vi.advanceTimersByTimeAsync(2000);
    saver.change(stateNamed("b"));
    await vi.advanceTimersByTimeAsync(2499);
    expect(server.save).not.toHaveBeenCalled();
    expect(saver.status).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toEqual([
      { state: stateNamed("b"), context: { projectId: "p1", baseVersionId: 1, keepalive: false } },
    ]);
    // Opening the project starts at saved.
    expect(statuses).toEqual(["saved", "unsaved", "saving", "saved"]);
    expect(saver.snapshot()).toMatchObject({ status: "saved", versionId: 11, hasUnsavedChanges: false });

    // The next save builds on the version just made.
    saver.change(stateNamed("c"));
    await vi.advanceTimersByTimeAsync(2500);
    expect(server.calls[1].context.baseVersionId).toBe(11);
  });

  it("saves at once on flush, marked keepalive when the page is going away", async () => {
    const { server, saver } = setup();
    saver.reset({ projectId: "p1", versionId: 1 });
    await saver.flush();
    expect(server.save).not.toHaveBeenCalled();

    saver.change(stateNamed("a"));
    await saver.flush();
    expect(server.titles()).toEqual(["a"]);
    expect(saver.status).toBe("saved");

    saver.change(stateNamed("b"));
    await saver.flush({ keepalive: true });
    expect(server.calls[1].context.keepalive).toBe(true);
    // The autosave that was due has nothing left to do.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.save).toHaveBeenCalledTimes(2);
  });

  it("saves a change made while a save is on its way after that save, never an older one last", async () => {
    const { server, saver, statuses } = setup();
    saver.reset({ projectId: "p1", versionId: 1 });
    server.answerWith("hold");
    saver.change(stateNamed("a"));
    await vi.advanceTimersByTimeAsync(2500);
    expect(saver.status).toBe("saving");
    saver.change(stateNamed("b"));
    await vi.advanceTimersByTimeAsync(2500);
    // Due, but waits for the save on its way.
    expect(server.save).toHaveBeenCalledTimes(1);
    server.answerWith("ok");
    server.held[0].resolve(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.titles()).toEqual(["a", "b"]);
    expect(server.calls[1].context.baseVersionId).toBe(5);
    expect(saver.status).toBe("saved");
    expect(saver.hasUnsavedChanges).toBe(false);
    expect(statuses).toEqual(["saved", "unsaved", "saving", "unsaved", "saving", "saved"]);
  });

  it("keeps the state in the browser while offline and saves it once back online", async () => {
    let online = false;
    const { server, saver, storage } = setup({ isOnline: () => online });
    saver.reset({ projectId: "p1", versionId: 1 });
    saver.change(stateNamed("offline edit"));
    await vi.advanceTimersByTimeAsync(2500);
    expect(server.save).not.toHaveBeenCalled();
    expect(saver.status).toBe("offline");
    expect(readLocalCopy(storage, "p1")).toMatchObject({
      state: stateNamed("offline edit"),
      baseVersionId: 1,
    });

    saver.change(stateNamed("second offline edit"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saver.status).toBe("offline");
    expect(readLocalCopy(storage, "p1")?.state).toEqual(stateNamed("second offline edit"));

    const page = {
      window: new EventTarget(),
      document: Object.assign(new EventTarget(), { visibilityState: "visible" }),
    };
    saveOnLeave(saver, page);
    online = true;
    page.window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.titles()).toEqual(["second offline edit"]);
    expect(saver.status).toBe("saved");
    expect(readLocalCopy(storage, "p1")).toBeNull();
  });

  it("retries a save that got no answer with growing delays, keeping a local copy meanwhile", async () => {
    const { server, saver, storage, statuses } = setup();
    saver.reset({ projectId: "p1", versionId: 1 });
    server.answerWith(offlineError);
    saver.change(stateNamed("a"));
    await vi.advanceTimersByTimeAsync(2500);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(saver.snapshot()).toMatchObject({ status: "offline", error: "Failed to fetch" });
    expect(readLocalCopy(storage, "p1")?.state).toEqual(stateNamed("a"));
    await vi.advanceTimersByTimeAsync(999);
    expect(server.save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // 1 s after the first failure
    expect(server.save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000); // then 2 s
    expect(server.save).toHaveBeenCalledTimes(3);
    server.answerWith("ok");
    await vi.advanceTimersByTimeAsync(3999);
    expect(server.save).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1); // then 4 s
    expect(server.save).toHaveBeenCalledTimes(4);
    expect(saver.status).toBe("saved");
    expect(readLocalCopy(storage, "p1")).toBeNull();
    expect(statuses).toEqual([
      "saved",
      "unsaved",
      "saving",
      "offline",
      "saving",
      "offline",
      "saving",
      "offline",
      "saving",
      "saved",
    ]);
  });

  it("retries when the server fails, but not a state it refused, until the next change", async () => {
    const { server, saver } = setup();
    saver.reset({ projectId: "p1", versionId: 1 });
    server.answerWith(statusError(503, "Service unavailable"));
    saver.change(stateNamed("a"));
    await vi.advanceTimersByTimeAsync(2500);
    expect(saver.snapshot()).toMatchObject({ status: "error", error: "Service unavailable" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.save).toHaveBeenCalledTimes(2);

    server.answerWith(statusError(400, "Invalid project state format"));
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.save).toHaveBeenCalledTimes(3);
    expect(saver.snapshot()).toMatchObject({ status: "error", error: "Invalid project state format" });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.save).toHaveBeenCalledTimes(3);

    server.answerWith("ok");
    saver.change(stateNamed("b"));
    await vi.advanceTimersByTimeAsync(2500);
    expect(server.titles().at(-1)).toBe("b");
    expect(saver.status).toBe("saved");
  });

  it("loses nothing across a reload: the next page finds the unsaved state and saves it", async () => {
    const first = setup();
    first.saver.reset({ projectId: "p1", versionId: 1, state: stateNamed("loaded") });
    first.saver.change(stateNamed("last edit"));
    // The tab closes before the autosave: the keepalive save never gets an answer.
    first.server.answerWith("hold");
    void first.saver.flush({ keepalive: true });
    expect(first.server.calls[0].context.keepalive).toBe(true);
    first.saver.dispose();

    const server = fakeServer();
    const saver = new ProjectSaver({ save: server.save, storage: first.storage, isOnline: () => true });
    const recovered = saver.reset({ projectId: "p1", versionId: 1, state: stateNamed("loaded") });
    expect(recovered).toEqual(stateNamed("last edit"));
    expect(saver.status).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(0);
    expect(server.titles()).toEqual(["last edit"]);
    expect(saver.status).toBe("saved");
    expect(readLocalCopy(first.storage, "p1")).toBeNull();
  });

  it("drops a local copy that the server already has", async () => {
    const first = setup();
    first.saver.reset({ projectId: "p1", versionId: 1 });
    first.saver.change(stateNamed("arrived"));
    // The server stores it, but the page is gone before the answer comes.
    first.server.answerWith("hold");
    void first.saver.flush({ keepalive: true });
    first.saver.dispose();
    expect(first.server.save).toHaveBeenCalledTimes(1);
    expect(readLocalCopy(first.storage, "p1")).not.toBeNull();
    // The reload loads that very state: the copy is stale.
    const second = setup();
    const saver = new ProjectSaver({ save: second.server.save, storage: first.storage });
    expect(saver.reset({ projectId: "p1", versionId: 11, state: stateNamed("arrived") })).toBeNull();
    expect(readLocalCopy(first.storage, "p1")).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(second.server.save).not.toHaveBeenCalled();
  });

  it("stops at a locked version with a status of its own, keeping later edits in the browser", async () => {
    const { server, saver, storage, statuses } = setup();
    saver.reset({ projectId: "p1", versionId: 1 });
    server.answerWith(statusError(423, "This project version is locked"));
    saver.change(stateNamed("a"));
    await vi.advanceTimersByTimeAsync(2500);
    expect(saver.snapshot()).toMatchObject({ status: "locked", error: "This project version is locked" });
    saver.change(stateNamed("b"));
    await saver.flush();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.save).toHaveBeenCalledTimes(1);
    expect(saver.status).toBe("locked");
    expect(readLocalCopy(storage, "p1")?.state).toEqual(stateNamed("b"));
    expect(statuses).toEqual(["saved", "unsaved", "saving", "locked"]);

    // The page clones the version and carries the edits over.
    server.answerWith("ok");
    const carried = saver.reset(
      { projectId: "clone", versionId: 20, state: stateNamed("a") },
      { carryOver: true },
    );
    expect(carried).toEqual(stateNamed("b"));
    expect(saver.status).toBe("unsaved");
    expect(readLocalCopy(storage, "p1")).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.at(-1)).toEqual({
      state: stateNamed("b"),
      context: { projectId: "clone", baseVersionId: 20, keepalive: false },
    });
    expect(saver.status).toBe("saved");
  });

  it("stops at someone else's shared project as read_only", async () => {
    const { server, saver } = setup();
    saver.reset({ projectId: "theirs", versionId: 1 });
    server.answerWith(statusError(403, "This project was shared by another user"));
    saver.change(stateNamed("a"));
    await vi.advanceTimersByTimeAsync(2500);
    expect(saver.status).toBe("read_only");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.save).toHaveBeenCalledTimes(1);
  });

  it("starts over when the project changes, sending the previous one's unsaved state once more", async () => {
    const { server, saver, statuses } = setup();
    saver.reset({ projectId: "p1", versionId: 1 });
    saver.change(stateNamed("p1 edit"));
    const recovered = saver.reset({ projectId: "p2", versionId: 7, state: stateNamed("p2") });
    expect(recovered).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toEqual([
      { state: stateNamed("p1 edit"), context: { projectId: "p1", baseVersionId: 1, keepalive: false } },
    ]);
    expect(saver.snapshot()).toMatchObject({ status: "saved", projectId: "p2", versionId: 7 });
    expect(statuses).toEqual(["saved", "unsaved", "saved"]);
    expect(() => new ProjectSaver({ save: server.save }).change(stateNamed("x"))).toThrow(/Open a project/);
  });

  it("flushes with keepalive when the page is hidden or left", async () => {
    const { server, saver } = setup();
    saver.reset({ projectId: "p1", versionId: 1 });
    const page = {
      window: new EventTarget(),
      document: Object.assign(new EventTarget(), { visibilityState: "visible" }),
    };
    const stop = saveOnLeave(saver, page);
    saver.change(stateNamed("a"));
    page.document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.save).not.toHaveBeenCalled();
    page.document.visibilityState = "hidden";
    page.document.dispatchEvent(new Event("visibilitychange"));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls.map((call) => call.context.keepalive)).toEqual([true]);
    saver.change(stateNamed("b"));
    page.window.dispatchEvent(new Event("pagehide"));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.titles()).toEqual(["a", "b"]);
    stop();
    saver.change(stateNamed("c"));
    page.window.dispatchEvent(new Event("pagehide"));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.save).toHaveBeenCalledTimes(2);
  });
});

describe("the studio API client", () => {
  const okFetch = (body: unknown) =>
    vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => Response.json(body));

  it("saves through the save function, with keepalive only for bodies a browser lets outlive the page", async () => {
    const fetch = okFetch({ version_id: 42 });
    const api = createStudioApi({ baseUrl: "http://studio.test", fetch });
    const save = saveToServer(api);
    const context = { projectId: "6f1d1c5e-7a8b-4c1d-9e2f-0a1b2c3d4e5f", baseVersionId: 41, keepalive: true };
    expect(await save(stateNamed("small"), context)).toBe(42);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("http://studio.test/api/studio/save-project");
    expect(init).toMatchObject({ method: "POST", keepalive: true });
    expect(JSON.parse(String(init?.body))).toMatchObject({
      project_id: context.projectId,
      base_version_id: 41,
    });

    const big = stateNamed("big", 500);
    expect(JSON.stringify(big).length).toBeGreaterThan(KEEPALIVE_BODY_MAX);
    await save(big, context);
    expect(fetch.mock.calls[1][1]).toMatchObject({ keepalive: false });
  });

  it("refuses to send a state the server would refuse, with the same message", async () => {
    const fetch = okFetch({ version_id: 1 });
    const api = createStudioApi({ fetch });
    const { tracks: _tracks, ...withoutTracks } = stateNamed("x");
    const refusal = await api
      .saveProject({ projectId: "p", state: withoutTracks as unknown as StudioProjectState })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StudioApiError);
    expect(refusal).toMatchObject({ status: 400, detail: "Invalid project state format" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("turns answers into typed errors: the server's detail, or no answer at all", async () => {
    const locked = createStudioApi({
      fetch: async () => Response.json({ detail: "This project version is locked" }, { status: 423 }),
    });
    await expect(locked.loadRevision(3)).rejects.toMatchObject({
      status: 423,
      detail: "This project version is locked",
    });
    const down = createStudioApi({
      fetch: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await expect(down.loadRevision(3)).rejects.toBeInstanceOf(StudioNetworkError);
    const odd = createStudioApi({ fetch: async () => Response.json({ project_id: 5 }) });
    await expect(odd.loadRevision(3)).rejects.toThrow(/^No response data: /);
  });

  it("loads a project's state through load normalisation", async () => {
    const state = stateNamed("loaded", 2);
    const overlapping = {
      ...state,
      tracks: [
        {
          ...state.tracks[0],
          clips: [{ ...state.tracks[0].clips[1] }, { ...state.tracks[0].clips[0], endBeats: 6 }],
        },
      ],
    };
    const api = createStudioApi({
      fetch: async () => Response.json(projectAnswer("loaded", overlapping)),
    });
    const project = await api.loadProject("p");
    // Sorted by start, the overlap trimmed.
    expect(project.state.tracks[0].clips.map((clip) => [clip.startBeats, clip.endBeats])).toEqual([
      [0, 4],
      [4, 8],
    ]);
    const broken = createStudioApi({
      fetch: async () =>
        Response.json({
          project_id: "p",
          version_id: 3,
          title: "t",
          state: {},
          is_locked: true,
          is_owner: false,
          is_latest: true,
          created_at: "x",
        }),
    });
    await expect(broken.loadVersion("p", 3)).rejects.toThrow("Invalid project state format");
  });
});

describe("the page's answer to the autosave", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    dialogQueue.setState({ dialogs: [] });
  });

  const wired = (answer: () => never) => {
    const { server, saver } = setup();
    saver.reset({ projectId: "p1", versionId: 5, state: stateNamed("start") });
    const controller = new StudioController(stateNamed("start"));
    const asked: [ReadOnlyReason, number | null][] = [];
    let dialogs = 0;
    attachSaveFeedback(saver, controller, (reason, versionId) => {
      asked.push([reason, versionId]);
      return () => {
        dialogs++;
      };
    });
    // The session hands every change to the saver, as StudioSession does.
    controller.store.subscribe((state, previous) => {
      if (state.history.present !== previous.history.present) saver.change(state.history.present);
    });
    server.answerWith(answer);
    return { server, saver, controller, asked, dialogs: () => dialogs };
  };
  const rename = (title: string) => (project: StudioProjectState) => ({ ...project, title });
  const toastTexts = (controller: StudioController) =>
    controller.state.toasts.map((toast) => [toast.title, toast.description]);

  it("says 'Failed to save project' once while saves keep failing, and again after one got through", async () => {
    const { server, controller } = wired(statusError(500, "Internal error"));
    controller.edit(rename("a"));
    await vi.advanceTimersByTimeAsync(2500);
    expect(toastTexts(controller)).toEqual([[SAVE_FAILED_TITLE, SAVE_FAILED_DESCRIPTION]]);
    expect([SAVE_FAILED_TITLE, SAVE_FAILED_DESCRIPTION]).toEqual([
      "Failed to save project",
      "Please try again later.",
    ]);
    // Two retries fail again (1 s, 2 s): no new toast; the first is gone after its 5 s.
    await vi.advanceTimersByTimeAsync(3100);
    expect(server.save).toHaveBeenCalledTimes(3);
    expect(controller.state.toasts).toHaveLength(1);
    server.answerWith("ok");
    await vi.advanceTimersByTimeAsync(4100);
    expect(controller.state.toasts).toHaveLength(0);
    server.answerWith(statusError(400, "Invalid project state format"));
    controller.edit(rename("b"));
    await vi.advanceTimersByTimeAsync(2500);
    expect(toastTexts(controller)).toEqual([[SAVE_FAILED_TITLE, SAVE_FAILED_DESCRIPTION]]);
    expect(controller.state.readOnly).toBe(false);
  });

  it("turns the page read-only when the version turns out locked, and asks to clone it", async () => {
    const { controller, asked, dialogs } = wired(statusError(423, "This project version is locked"));
    controller.edit(rename("a"));
    expect(controller.state.readOnly).toBe(false);
    await vi.advanceTimersByTimeAsync(2500);
    expect(controller.state.readOnly).toBe(true);
    expect(asked).toEqual([["locked", 5]]);
    expect(dialogs()).toBe(1);
    // Later edits are not applied: they open the dialog again.
    controller.edit(rename("b"));
    expect(controller.project.title).toBe("a");
    expect(dialogs()).toBe(2);
    expect(controller.state.toasts).toEqual([]);
  });

  it("offers 'Duplicate project to Remix' when the project is someone else's shared one", async () => {
    const { server, saver } = setup();
    saver.reset({ projectId: "theirs", versionId: 8, state: stateNamed("start") });
    const controller = new StudioController(stateNamed("start"));
    const cloned: number[] = [];
    const api = {
      cloneRevision: async (revisionId: number) => {
        cloned.push(revisionId);
        return { id: "mine", title: "start", version_id: 1 };
      },
    };
    const visited: string[] = [];
    attachSaveFeedback(saver, controller, (readOnly, versionId) =>
      readOnlyDialog({ readOnly, versionId }, api, (to) => visited.push(to)),
    );
    server.answerWith(statusError(403, "This project was shared by another user"));
    saver.change(stateNamed("edited"));
    await vi.advanceTimersByTimeAsync(2500);
    expect(controller.state.readOnly).toBe(true);
    const shown = dialogQueue.getState().dialogs;
    expect(shown.map((dialog) => dialog.title)).toEqual(["Duplicate project to Remix"]);
    expect(shown[0].actions.map((action) => action.label)).toEqual(["Cancel", "Remix Project"]);
    await runDialogAction(shown[0].id, 1);
    expect(cloned).toEqual([8]);
    expect(visited).toEqual(["/studio?initial_project_id=mine"]);
  });
});

describe("opening a project whose state fails validation", () => {
  it("says 'Invalid project state format', not a generic failure", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const request = { forClipId: null, projectVersionId: null, initialProjectId: "p" };
    for (const state of [
      { title: "no timing, tracks or selection" },
      { ...stateNamed("x"), tracks: "none" },
    ]) {
      const api = createStudioApi({ fetch: async () => Response.json(projectAnswer("broken", state)) });
      const failure = await openRequested(request, api).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(OpenError);
      expect(failure).toMatchObject({
        title: "Failed to load project",
        description: "Invalid project state format",
      });
    }
    // A server that fails still gets the generic text.
    const down = createStudioApi({ fetch: async () => Response.json({ detail: "boom" }, { status: 500 }) });
    await expect(openRequested(request, down)).rejects.toMatchObject({
      title: "Failed to load project",
      description: "Please try again later.",
    });
    vi.restoreAllMocks();
  });

  it("says so for a version link too", async () => {
    const api = createStudioApi({
      fetch: async (input) =>
        String(input).includes("project_revision")
          ? Response.json({
              project_id: "p",
              version_id: 3,
              title: "t",
              is_owner: true,
              is_locked: true,
              is_latest: true,
            })
          : Response.json({
              project_id: "p",
              version_id: 3,
              title: "t",
              state: {},
              is_locked: true,
              is_owner: true,
              is_latest: true,
              created_at: "x",
            }),
    });
    await expect(
      openRequested({ forClipId: null, projectVersionId: "3", initialProjectId: null }, api),
    ).rejects.toMatchObject({
      title: "Failed to load project version",
      description: "Invalid project state format",
    });
  });
});
