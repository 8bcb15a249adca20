import { afterEach, describe, expect, it, vi } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import type { OpenedStudioProject } from "../../src/studio/session/project-opener.ts";
import { NO_VERSION_TO_CLONE, readOnlyDialog } from "../../src/studio/ui/read-only-dialog.ts";
import {
  cancelShownDialog,
  closeDialog,
  dialogQueue,
  openDialog,
  runDialogAction,
} from "../../src/ui/dialog-queue.ts";

const shownTitle = () => dialogQueue.getState().dialogs[0]?.title ?? null;

describe("the dialog queue", () => {
  afterEach(() => dialogQueue.setState({ dialogs: [] }));

  it("shows one dialog at a time, the next once the shown one closes", () => {
    const first = openDialog({ title: "First", body: "", actions: [] });
    openDialog({ title: "Second", body: "", actions: [] });
    expect(shownTitle()).toBe("First");
    expect(dialogQueue.getState().dialogs).toHaveLength(2);
    closeDialog(first);
    expect(shownTitle()).toBe("Second");
  });

  it("cancels the shown dialog on Escape, running its cancel action and only its own", () => {
    const cancelled: string[] = [];
    openDialog({ title: "First", body: "", actions: [], onCancel: () => cancelled.push("First") });
    openDialog({ title: "Second", body: "", actions: [], onCancel: () => cancelled.push("Second") });
    expect(cancelShownDialog()).toBe(true);
    expect(cancelled).toEqual(["First"]);
    expect(shownTitle()).toBe("Second");
    expect(cancelShownDialog()).toBe(true);
    expect(cancelled).toEqual(["First", "Second"]);
  });

  it("does not cancel on Escape while an action runs; the dialog closes when the action settles", async () => {
    let finish: () => void = () => undefined;
    const cancelled: string[] = [];
    const id = openDialog({
      title: "Remix",
      body: "",
      onCancel: () => cancelled.push("Remix"),
      actions: [
        { label: "Cancel", run: () => undefined },
        {
          label: "Remix Project",
          run: () =>
            new Promise<void>((resolve) => {
              finish = resolve;
            }),
        },
      ],
    });
    const running = runDialogAction(id, 1);
    expect(dialogQueue.getState().dialogs[0].busy).toBe(1);
    expect(cancelShownDialog()).toBe(false);
    // A second press of a button while busy does nothing either.
    await runDialogAction(id, 0);
    expect(shownTitle()).toBe("Remix");
    expect(cancelled).toEqual([]);
    finish();
    await running;
    expect(shownTitle()).toBeNull();
    expect(cancelled).toEqual([]);
  });

  it("catches an action that throws: logged, the dialog closed, the error shown", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const id = openDialog({
      title: "Clone",
      body: "",
      actions: [
        {
          label: "Clone Project",
          run: async () => {
            throw new Error("Clone project function not available");
          },
        },
      ],
    });
    await expect(runDialogAction(id, 0)).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalled();
    expect(dialogQueue.getState().dialogs.map((dialog) => [dialog.title, dialog.body])).toEqual([
      ["Something went wrong, try again", "Clone project function not available"],
    ]);
    vi.restoreAllMocks();
  });

  it("has nothing to cancel with no dialog shown", () => {
    expect(cancelShownDialog()).toBe(false);
    openDialog({ title: "No cancel action", body: "", actions: [] });
    expect(cancelShownDialog()).toBe(true);
    expect(shownTitle()).toBeNull();
  });
});

describe("the dialog a read-only project answers an edit with", () => {
  afterEach(() => {
    dialogQueue.setState({ dialogs: [] });
    vi.restoreAllMocks();
  });

  const opened = (readOnly: OpenedStudioProject["readOnly"]): OpenedStudioProject => ({
    state: demoProject(),
    projectId: "p-1",
    versionId: 7,
    readOnly,
    sharing: null,
  });

  it("asks to remix someone else's shared project, and opens the copy", async () => {
    const cloned: number[] = [];
    const visited: string[] = [];
    const api = {
      cloneRevision: async (revisionId: number) => {
        cloned.push(revisionId);
        return { id: "copy 1", title: "Demo", version_id: 1 };
      },
    };
    readOnlyDialog(opened("shared"), api, (to) => visited.push(to))();
    const shown = dialogQueue.getState().dialogs[0];
    expect(shown.title).toBe("Duplicate project to Remix");
    expect(shown.body).toContain("shared by another user");
    expect(shown.actions.map((action) => [action.label, action.busyLabel])).toEqual([
      ["Cancel", undefined],
      ["Remix Project", "Remixing project..."],
    ]);
    await shown.actions[1].run();
    expect(cloned).toEqual([7]);
    expect(visited).toEqual(["/studio?initial_project_id=copy%201"]);
  });

  it("offers a clone of a locked version, and says so when the clone fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const api = {
      cloneRevision: async () => {
        throw new Error("offline");
      },
    };
    const visited: string[] = [];
    readOnlyDialog(opened("locked"), api, (to) => visited.push(to))();
    const shown = dialogQueue.getState().dialogs[0];
    expect(shown.title).toBe("This version is locked");
    await shown.actions[1].run();
    closeDialog(shown.id);
    expect(visited).toEqual([]);
    expect(dialogQueue.getState().dialogs.map((dialog) => [dialog.title, dialog.body])).toEqual([
      ["Failed to clone project", "Please try again later."],
    ]);
  });

  it("says why when there is no version to clone, instead of throwing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const cloned: number[] = [];
    const api = {
      cloneRevision: async (revisionId: number) => {
        cloned.push(revisionId);
        return { id: "copy", title: "Demo", version_id: 1 };
      },
    };
    readOnlyDialog({ readOnly: "shared", versionId: null }, api, () => undefined)();
    const shown = dialogQueue.getState().dialogs[0];
    expect(shown.title).toBe("Duplicate project to Remix");
    await expect(runDialogAction(shown.id, 1)).resolves.toBeUndefined();
    expect(cloned).toEqual([]);
    expect(dialogQueue.getState().dialogs.map((dialog) => [dialog.title, dialog.body])).toEqual([
      ["Failed to clone project", NO_VERSION_TO_CLONE],
    ]);
    expect(NO_VERSION_TO_CLONE).toBe("No project version ID available for cloning");
  });

  it("hands the copy over before opening it", async () => {
    const steps: string[] = [];
    const api = { cloneRevision: async () => ({ id: "copy 2", title: "Demo", version_id: 4 }) };
    readOnlyDialog(
      { readOnly: "locked", versionId: 9 },
      api,
      (to) => steps.push(`open ${to}`),
      (copy) => steps.push(`cloned ${copy.id} at ${copy.version_id}`),
    )();
    await runDialogAction(dialogQueue.getState().dialogs[0].id, 1);
    expect(steps).toEqual(["cloned copy 2 at 4", "open /studio?initial_project_id=copy%202"]);
  });
});
