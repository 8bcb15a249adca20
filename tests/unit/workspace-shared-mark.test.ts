import { describe, expect, it } from "vitest";
import { ownsWorkspace, sharedMark } from "../../src/shared/workspaces/shared-mark.ts";

const workspace = (ownerId: string, shared: boolean) => ({
  owner: { user_id: ownerId, handle: "ana", display_name: "Ana" },
  shared,
});

describe("a shared workspace's mark in the lists", () => {
  it("names the owner of a workspace shared with the viewer", () => {
    expect(sharedMark(workspace("ana-id", true), "me")).toBe("shared by @ana");
    expect(ownsWorkspace(workspace("ana-id", true), "me")).toBe(false);
  });

  it("marks the viewer's own shared workspace, and nothing on a private one", () => {
    expect(sharedMark(workspace("me", true), "me")).toBe("shared");
    expect(sharedMark(workspace("me", false), "me")).toBeNull();
    expect(ownsWorkspace(workspace("me", false), "me")).toBe(true);
  });
});
