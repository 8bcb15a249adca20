import { describe, expect, it } from "vitest";
import type { Clip } from "../../src/shared/api/clips.ts";
import { clipMatches, placeClip } from "../../src/shared/library/clip-matching.ts";
import { DEFAULT_LIBRARY_FILTERS, type LibraryFilters } from "../../src/shared/library/library-filters.ts";
import { libraryClip, OWNER, STRANGER } from "./library-fixtures.ts";

const filters = (states: Partial<LibraryFilters["states"]> = {}, rest: Partial<LibraryFilters> = {}) => ({
  ...DEFAULT_LIBRARY_FILTERS,
  ...rest,
  states: { ...DEFAULT_LIBRARY_FILTERS.states, ...states },
});
const ids = (list: readonly Clip[]) => list.map((clip) => clip.id.slice(-2));

describe("whether a clip belongs in the library", () => {
  it("keeps the user's own, untrashed, unfailed clips under the defaults", () => {
    expect(clipMatches(libraryClip(1), filters(), OWNER)).toBe(true);
    expect(clipMatches(libraryClip(1, { user_id: STRANGER }), filters(), OWNER)).toBe(false);
    expect(clipMatches(libraryClip(1, { is_trashed: true }), filters(), OWNER)).toBe(false);
    expect(clipMatches(libraryClip(1, { status: "error" }), filters(), OWNER)).toBe(false);
    // Still being made: shown.
    expect(clipMatches(libraryClip(1, { status: "streaming" }), filters(), OWNER)).toBe(true);
  });

  it("hides disliked songs, stems and studio exports by default, and shows them on Any", () => {
    const disliked = libraryClip(1, { reaction: { reaction_type: "D", feedback_reason: null } });
    const stem = libraryClip(2, {}, { type: "stem" });
    const studio = libraryClip(3, {}, { type: "studio_export" });
    for (const clip of [disliked, stem, studio]) {
      expect(clipMatches(clip, filters(), OWNER)).toBe(false);
      expect(
        clipMatches(clip, filters({ disliked: "Any", stem: "Any", fromStudioProject: "Any" }), OWNER),
      ).toBe(true);
    }
  });

  it("applies each tri-state: True keeps the kind, False drops it", () => {
    const cover = libraryClip(1, {}, { task: "cover", cover_clip_id: "x" });
    const plain = libraryClip(2);
    expect(clipMatches(cover, filters({ cover: "True" }), OWNER)).toBe(true);
    expect(clipMatches(plain, filters({ cover: "True" }), OWNER)).toBe(false);
    expect(clipMatches(cover, filters({ cover: "False" }), OWNER)).toBe(false);
    expect(clipMatches(plain, filters({ cover: "False" }), OWNER)).toBe(true);
    const liked = libraryClip(3, {
      reaction: { reaction_type: "L", feedback_reason: null },
      is_public: true,
    });
    expect(clipMatches(liked, filters({ liked: "True", public: "True" }), OWNER)).toBe(true);
    expect(clipMatches(plain, filters({ liked: "True" }), OWNER)).toBe(false);
    const inWorkspace = libraryClip(4, { project: { id: "w1", name: "Demos" } });
    expect(clipMatches(inWorkspace, filters({ workspace: "True" }), OWNER)).toBe(true);
    expect(clipMatches(plain, filters({ workspace: "True" }), OWNER)).toBe(false);
  });

  it("keeps only the chosen workspace's songs, the default workspace's being those in no other", () => {
    const inDemos = libraryClip(1, { project: { id: "w1", name: "Demos" } });
    const loose = libraryClip(2);
    expect(clipMatches(inDemos, filters({}, { workspaceId: "w1" }), OWNER)).toBe(true);
    expect(clipMatches(loose, filters({}, { workspaceId: "w1" }), OWNER)).toBe(false);
    expect(clipMatches(loose, filters({}, { workspaceId: "default" }), OWNER)).toBe(true);
    expect(clipMatches(inDemos, filters({}, { workspaceId: "default" }), OWNER)).toBe(false);
    // The chosen workspace stands in for the workspace filter.
    expect(clipMatches(inDemos, filters({ workspace: "False" }, { workspaceId: "w1" }), OWNER)).toBe(true);
  });

  it("keeps another member's song when its shared workspace is chosen, and only then", () => {
    const theirs = libraryClip(1, { user_id: STRANGER, project: { id: "w1", name: "Band" } });
    expect(clipMatches(theirs, filters({}, { workspaceId: "w1" }), OWNER)).toBe(true);
    expect(clipMatches(theirs, filters(), OWNER)).toBe(false);
    expect(clipMatches(theirs, filters({}, { workspaceId: "w2" }), OWNER)).toBe(false);
    expect(
      clipMatches(libraryClip(2, { user_id: STRANGER }), filters({}, { workspaceId: "default" }), OWNER),
    ).toBe(false);
    const trashed = libraryClip(3, {
      user_id: STRANGER,
      project: { id: "w1", name: "Band" },
      is_trashed: true,
    });
    expect(clipMatches(trashed, filters({}, { workspaceId: "w1" }), OWNER)).toBe(false);
  });

  it("searches title, tags, negative tags and prompt case-insensitively, one field at a time", () => {
    const clip = libraryClip(1, { title: "Harbour Lights" }, { tags: "Dream Pop", prompt: "la la land" });
    expect(clipMatches(clip, filters({}, { search: " HARBOUR " }), OWNER)).toBe(true);
    expect(clipMatches(clip, filters({}, { search: "dream" }), OWNER)).toBe(true);
    expect(clipMatches(clip, filters({}, { search: "la land" }), OWNER)).toBe(true);
    expect(clipMatches(clip, filters({}, { search: "lights dream" }), OWNER)).toBe(false);
  });
});

describe("placing a changed clip in the visible list", () => {
  const list = [libraryClip(9), libraryClip(7), libraryClip(5)];

  it("inserts a matching clip where the newest-first order puts it", () => {
    expect(ids(placeClip(list, libraryClip(8), filters(), OWNER, false))).toEqual(["09", "08", "07", "05"]);
    expect(ids(placeClip(list, libraryClip(10), filters(), OWNER, false))).toEqual(["10", "09", "07", "05"]);
  });

  it("leaves a clip past the last loaded one to the next page, unless the list is complete", () => {
    expect(ids(placeClip(list, libraryClip(1), filters(), OWNER, false))).toEqual(["09", "07", "05"]);
    expect(ids(placeClip(list, libraryClip(1), filters(), OWNER, true))).toEqual(["09", "07", "05", "01"]);
  });

  it("removes a clip that stops matching, and moves one whose sort key changed", () => {
    const trashed = libraryClip(7, { is_trashed: true });
    expect(ids(placeClip(list, trashed, filters(), OWNER, false))).toEqual(["09", "05"]);
    const played = [libraryClip(1, { play_count: 9 }), libraryClip(2, { play_count: 5 })];
    const more = libraryClip(2, { play_count: 12 });
    expect(ids(placeClip(played, more, filters({}, { sort: "plays" }), OWNER, true))).toEqual(["02", "01"]);
  });

  it("keeps the oldest-first order", () => {
    const oldest = [libraryClip(1), libraryClip(3)];
    expect(ids(placeClip(oldest, libraryClip(2), filters({}, { sort: "oldest" }), OWNER, false))).toEqual([
      "01",
      "02",
      "03",
    ]);
  });

  it("does not insert a clip that does not match the filters", () => {
    const unliked = libraryClip(8);
    expect(placeClip(list, unliked, filters({ liked: "True" }), OWNER, true)).toBe(list);
  });
});

describe("the playlist filter on a live change", () => {
  const list = [libraryClip(9), libraryClip(7), libraryClip(5)];

  it("keeps a listed clip that changed: it passed the server's playlist filter when loaded", () => {
    const published = libraryClip(7, { is_public: true });
    for (const playlist of ["True", "False"] as const) {
      expect(ids(placeClip(list, published, filters({ playlist }), OWNER, false))).toEqual([
        "09",
        "07",
        "05",
      ]);
    }
    // Other filters still decide: a listed clip trashed leaves the list.
    const trashed = libraryClip(7, { is_trashed: true });
    expect(ids(placeClip(list, trashed, filters({ playlist: "True" }), OWNER, false))).toEqual(["09", "05"]);
  });

  it("takes a new clip to be in no playlist", () => {
    const made = libraryClip(8);
    expect(placeClip(list, made, filters({ playlist: "True" }), OWNER, false)).toBe(list);
    expect(ids(placeClip(list, made, filters({ playlist: "False" }), OWNER, false))).toEqual([
      "09",
      "08",
      "07",
      "05",
    ]);
    expect(clipMatches(made, filters({ playlist: "True" }), OWNER)).toBe(false);
    expect(clipMatches(made, filters({ playlist: "True" }), OWNER, true)).toBe(true);
  });
});
