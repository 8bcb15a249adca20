import { describe, expect, it } from "vitest";
import {
  commandForKey,
  doubleGrid,
  GRID_MULTIPLIER_MAX,
  GRID_MULTIPLIER_MIN,
  halveGrid,
  type KeyPress,
  type StudioCommand,
} from "../../src/studio/editing/index.ts";

describe("commandForKey", () => {
  const table: [KeyPress, StudioCommand][] = [
    [{ key: " " }, "playStop"],
    [{ key: "0" }, "muteAll"],
    [{ key: "ArrowUp", ctrlKey: true }, "moveTracksUp"],
    [{ key: "ArrowDown", metaKey: true }, "moveTracksDown"],
    [{ key: "f", ctrlKey: true }, "toggleFollow"],
    [{ key: "c" }, "toggleMetronome"],
    [{ key: "a", ctrlKey: true }, "selectAll"],
    [{ key: "e", ctrlKey: true }, "split"],
    [{ key: "d", metaKey: true }, "duplicate"],
    [{ key: "c", ctrlKey: true }, "copy"],
    [{ key: "x", ctrlKey: true }, "cut"],
    [{ key: "v", ctrlKey: true }, "paste"],
    [{ key: "z", ctrlKey: true }, "undo"],
    [{ key: "Z", ctrlKey: true, shiftKey: true }, "redo"],
    [{ key: "z", metaKey: true, shiftKey: true }, "redo"],
    [{ key: "y", ctrlKey: true }, "redo"],
    [{ key: "!", code: "Digit1", shiftKey: true }, "halveGrid"],
    [{ key: "@", code: "Digit2", shiftKey: true }, "doubleGrid"],
    [{ key: "&", code: "Digit1", shiftKey: true }, "halveGrid"],
    [{ key: "Backspace" }, "deleteSelection"],
    [{ key: "Delete" }, "deleteSelection"],
    [{ key: "A", ctrlKey: true }, "selectAll"],
  ];
  for (const [press, command] of table) {
    it(`maps ${JSON.stringify(press)} to ${command}`, () => {
      expect(commandForKey(press)).toBe(command);
    });
  }

  it("maps nothing else, the unnamed actions of the table included", () => {
    const others: KeyPress[] = [
      { key: "Enter" },
      { key: "s", ctrlKey: true, shiftKey: true },
      { key: "m", ctrlKey: true, shiftKey: true },
      { key: "C", shiftKey: true },
      { key: "c", altKey: true },
      { key: "z", ctrlKey: true, altKey: true },
      { key: "y", ctrlKey: true, shiftKey: true },
      { key: "3", shiftKey: true },
      { key: "1" },
      { key: "q", ctrlKey: true },
      { key: "ArrowUp" },
      { key: "constructor" },
      { key: "toString", ctrlKey: true },
    ];
    for (const press of others) expect(commandForKey(press), JSON.stringify(press)).toBeNull();
  });
});

describe("grid multiplier", () => {
  it("halves and doubles within 1/32..32", () => {
    expect(halveGrid(1)).toBe(0.5);
    expect(doubleGrid(1)).toBe(2);
    expect(halveGrid(GRID_MULTIPLIER_MIN)).toBe(1 / 32);
    expect(doubleGrid(GRID_MULTIPLIER_MAX)).toBe(32);
    expect(doubleGrid(20)).toBe(32);
  });
});
