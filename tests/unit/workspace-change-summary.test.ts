import { describe, expect, it } from "vitest";
import type { WorkspaceChangeEvent } from "../../src/shared/api/realtime.ts";
import { summarizeWorkspaceChanges } from "../../src/shared/workspaces/workspace-change-summary.ts";

const change = (
  userId: string,
  action: string,
  clipIds?: string[],
  handle = userId,
): WorkspaceChangeEvent => ({
  project: "w1",
  action,
  user_id: userId,
  timestamp: "2026-01-01T00:00:00.000Z",
  handle,
  ...(clipIds === undefined ? {} : { clip_ids: clipIds }),
});

describe("what members are told of a shared workspace's changes", () => {
  it("counts each person's songs per action, once per song, in the order first heard", () => {
    expect(
      summarizeWorkspaceChanges(
        [
          change("ana", "add_clips", ["a"]),
          change("bo", "trash_clips", ["x"]),
          change("ana", "add_clips", ["b", "a"]),
          change("ana", "remove_clips", ["c"]),
        ],
        "me",
      ),
    ).toEqual(["ana added 2 songs", "bo trashed 1 song", "ana removed 1 song"]);
  });

  it("applies a song's progress while it is made without a word", () => {
    expect(
      summarizeWorkspaceChanges(
        [
          change("ana", "add_clips", ["a"]),
          change("ana", "update_clips", ["a"]),
          change("bo", "update_clips", ["b"]),
        ],
        "me",
      ),
    ).toEqual(["ana added 1 song"]);
  });

  it("leaves out one's own changes and says 'updated' when no songs are named", () => {
    expect(
      summarizeWorkspaceChanges(
        [change("me", "add_clips", ["a"]), change("ana", "move_clips"), change("bo", "rename", ["a"])],
        "me",
      ),
    ).toEqual(["ana updated the workspace", "bo updated the workspace"]);
  });

  it("tells who joined or left", () => {
    expect(
      summarizeWorkspaceChanges([change("ana", "member_joined"), change("bo", "member_left")], "me"),
    ).toEqual(["ana joined the workspace", "bo left the workspace"]);
  });

  it("names someone whose handle did not come along as Someone", () => {
    const { handle: _, ...anonymous } = change("zed", "pin_clips", ["a"]);
    expect(summarizeWorkspaceChanges([anonymous], "me")).toEqual(["Someone pinned or unpinned 1 song"]);
  });
});
