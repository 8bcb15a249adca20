import { describe, expect, it } from "vitest";
import { displayTitle, formatDuration, listedPollState } from "../../src/shared/library/clip-display.ts";
import { EMPTY_SELECTION, keepShown, needsRefill, selectRow } from "../../src/shared/library/selection.ts";
import {
  canDeletePermanently,
  canRestore,
  canTrash,
  trashMessage,
} from "../../src/shared/library/trash-rules.ts";
import { libraryClip, OWNER, STRANGER } from "./library-fixtures.ts";

describe("a song row's title and length", () => {
  it("shows the request's title, 'Generating...' while an untitled clip is made, then 'Untitled'", () => {
    expect(displayTitle({ title: "Harbour", status: "submitted" })).toBe("Harbour");
    expect(displayTitle({ title: "", status: "queued" })).toBe("Generating...");
    expect(displayTitle({ title: "  ", status: "streaming" })).toBe("Generating...");
    expect(displayTitle({ title: "", status: "complete" })).toBe("Untitled");
    expect(displayTitle({ title: "", status: "error" })).toBe("Untitled");
  });

  it("formats lengths as m:ss and h:mm:ss, and nothing when unknown", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(65.4)).toBe("1:05");
    expect(formatDuration(3725)).toBe("1:02:05");
    expect(formatDuration(null)).toBe("");
    expect(formatDuration(Number.NaN)).toBe("");
  });
});

describe("a listed song's polling state, counted from its creation", () => {
  const made = "2026-01-01T12:00:00.000Z";
  const later = (ms: number) => Date.parse(made) + ms;
  it("shows a song submitted over 2 minutes ago, or queued over 15, as stuck", () => {
    expect(listedPollState({ status: "submitted", created_at: made }, later(119_000))).toBe("submitted");
    expect(listedPollState({ status: "submitted", created_at: made }, later(121_000))).toBe("stuck");
    expect(listedPollState({ status: "queued", created_at: made }, later(14 * 60_000))).toBe("running");
    expect(listedPollState({ status: "queued", created_at: made }, later(16 * 60_000))).toBe("stuck");
    expect(listedPollState({ status: "complete", created_at: made }, later(60 * 60_000))).toBe("terminal");
  });
});

describe("multi-select", () => {
  const order = ["a", "b", "c", "d", "e"];
  it("selects one on a click, toggles with Ctrl/Cmd, and a range with Shift", () => {
    let selection = selectRow(EMPTY_SELECTION, order, "b", { shift: false, toggle: false });
    expect([...selection.ids]).toEqual(["b"]);
    selection = selectRow(selection, order, "d", { shift: true, toggle: false });
    expect([...selection.ids]).toEqual(["b", "c", "d"]);
    selection = selectRow(selection, order, "c", { shift: false, toggle: true });
    expect([...selection.ids].sort()).toEqual(["b", "d"]);
    selection = selectRow(selection, order, "a", { shift: true, toggle: true });
    expect([...selection.ids].sort()).toEqual(["a", "b", "c", "d"]);
    selection = selectRow(selection, order, "e", { shift: false, toggle: false });
    expect([...selection.ids]).toEqual(["e"]);
  });

  it("loads the list again once songs leaving it bring it under half a page while more exist", () => {
    expect(needsRefill(10, true, 20)).toBe(false);
    expect(needsRefill(9, true, 20)).toBe(true);
    expect(needsRefill(0, false, 20)).toBe(false);
  });

  it("drops rows that left the list", () => {
    const selection = { ids: new Set(["a", "x"]), anchor: "x" };
    expect(keepShown(selection, order)).toEqual({ ids: new Set(["a"]), anchor: null });
  });
});

describe("the trash actions a selection allows", () => {
  const own = libraryClip(1);
  const trashed = libraryClip(2, { is_trashed: true });
  const trashedStreaming = libraryClip(3, { is_trashed: true, status: "streaming" });
  const theirs = libraryClip(4, { user_id: STRANGER, is_trashed: true });

  it("trashes only own clips in the library", () => {
    expect(canTrash([own], OWNER)).toBe(true);
    expect(canTrash([own, trashed], OWNER)).toBe(false);
    expect(canTrash([], OWNER)).toBe(false);
  });

  it("restores only when all are own and trashed, deletes only when also complete", () => {
    expect(canRestore([trashed, trashedStreaming], OWNER)).toBe(true);
    expect(canRestore([trashed, theirs], OWNER)).toBe(false);
    expect(canRestore([trashed, own], OWNER)).toBe(false);
    expect(canDeletePermanently([trashed], OWNER)).toBe(true);
    expect(canDeletePermanently([trashed, trashedStreaming], OWNER)).toBe(false);
  });

  it("says the spec's words", () => {
    expect(trashMessage([libraryClip(1, { title: "Harbour" })], true)).toBe(
      "Harbour has been moved to trash.",
    );
    expect(trashMessage([libraryClip(1, { title: "Harbour" })], false)).toBe(
      "Harbour has been restored to your library.",
    );
    expect(trashMessage([own, trashed], true)).toBe("2 songs have been moved to trash.");
  });
});
