import { describe, expect, it } from "vitest";
import { DEFAULT_WORKSPACE_ID } from "../../src/shared/api/workspaces.ts";
import { workspaceMoveWords } from "../../src/shared/workspaces/workspace-move-words.ts";

const demos = { id: "w-demos", name: "Demos" };

describe("the words of a change of workspace", () => {
  it("adds songs that were in no workspace, counting them", () => {
    expect(workspaceMoveWords([null], demos)).toEqual({ key: "added", count: 1 });
    expect(workspaceMoveWords([null, null, null], demos)).toEqual({ key: "added", count: 3 });
  });

  it("moves songs from another workspace, naming the target", () => {
    expect(workspaceMoveWords(["w-old"], demos)).toEqual({ key: "moved", name: "Demos" });
    expect(workspaceMoveWords([null, "w-old"], demos)).toEqual({ key: "moved", name: "Demos" });
  });

  it("counts a move into the default workspace as removal", () => {
    expect(workspaceMoveWords(["w-old"], { id: DEFAULT_WORKSPACE_ID, name: "Default" })).toEqual({
      key: "removed",
    });
  });
});
