import { afterEach, describe, expect, it, vi } from "vitest";
import { demoProject } from "../../src/engine/demo/demo-project.ts";
import type { OpenedStudioProject } from "../../src/studio/session/project-opener.ts";
import { cancelShownDialog, closeDialog, dialogQueue, openDialog } from "../../src/studio/ui/dialog-queue.ts";
import { readOnlyDialog } from "../../src/studio/ui/read-only-dialog.ts";

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
});
