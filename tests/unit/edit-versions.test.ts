// The editor's list of versions that line up with the song: built from the two alignment lookups,
// in timeline order, each listed once, and asked again while one is being made or expected.
import { describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import type { Alignment } from "../../src/shared/api/edit.ts";
import { versionRows, versionsUnsettled } from "../../src/studio/edit/edit-versions.ts";

const SONG = "song";

function alignment(
  id: string,
  from: number | null,
  to: number | null,
  status: Clip["status"] = "complete",
): Alignment {
  return {
    clip: { id, title: `Take ${id}`, status } as Clip,
    history_clip_id: SONG,
    history_end_seconds: from,
    clip_start_seconds: from,
    future_clip_id: to === null ? null : SONG,
    clip_end_seconds: to,
    future_start_seconds: to,
  };
}

describe("versionRows", () => {
  it("lists the versions built on the song and the section's other takes in timeline order", () => {
    const rows = versionRows(
      SONG,
      [alignment("extend", 170, null), alignment("b", 30, 45), alignment("a", 30, 45)],
      [alignment("sibling", 10, 20)],
    );
    expect(rows.map((row) => [row.id, row.kind, row.from, row.to])).toEqual([
      ["sibling", "same_section", 10, 20],
      // Same start: the server's newest-first order is kept.
      ["b", "built_on_this", 30, 45],
      ["a", "built_on_this", 30, 45],
      ["extend", "built_on_this", 170, null],
    ]);
    expect(rows[0].title).toBe("Take sibling");
  });

  it("lists a clip once, and never the song itself", () => {
    const rows = versionRows(SONG, [alignment("a", 5, 9)], [alignment("a", 5, 9), alignment(SONG, 5, 9)]);
    expect(rows.map((row) => row.id)).toEqual(["a"]);
  });

  it("is empty when nothing lines up", () => {
    expect(versionRows(SONG, [], [])).toEqual([]);
  });
});

describe("versionsUnsettled", () => {
  const done = versionRows(SONG, [alignment("a", 5, 9)], []);

  it("asks again while a listed version is being made", () => {
    expect(versionsUnsettled(versionRows(SONG, [alignment("a", 5, 9, "streaming")], []), new Set())).toBe(
      true,
    );
    expect(versionsUnsettled(versionRows(SONG, [alignment("a", 5, 9, "submitted")], []), new Set())).toBe(
      true,
    );
    expect(versionsUnsettled(done, new Set())).toBe(false);
  });

  it("asks again while a version the page asked for is not listed", () => {
    expect(versionsUnsettled(done, new Set(["new"]))).toBe(true);
    expect(versionsUnsettled(done, new Set(["a"]))).toBe(false);
  });

  it("settles on a failed version: it will not change", () => {
    expect(versionsUnsettled(versionRows(SONG, [alignment("a", 5, 9, "error")], []), new Set())).toBe(false);
  });
});
