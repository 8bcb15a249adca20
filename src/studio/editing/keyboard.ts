// The studio's shortcut table as a pure lookup, so the page only wires key events
// to commands. Ctrl and Cmd are the same modifier. The page should not ask while a text field has
// the focus, where these keys type.

export type StudioCommand =
  | "playStop"
  | "muteAll"
  | "moveTracksUp"
  | "moveTracksDown"
  | "toggleFollow"
  | "toggleMetronome"
  | "selectAll"
  | "split"
  | "duplicate"
  | "copy"
  | "cut"
  | "paste"
  | "undo"
  | "redo"
  | "halveGrid"
  | "doubleGrid"
  | "deleteSelection";

/** The parts of a KeyboardEvent the table reads. */
export interface KeyPress {
  readonly key: string;
  /** The physical key; Shift+1 and Shift+2 type different characters on different layouts. */
  readonly code?: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly shiftKey?: boolean;
  readonly altKey?: boolean;
}

const WITH_CTRL: Readonly<Record<string, StudioCommand>> = {
  ArrowUp: "moveTracksUp",
  ArrowDown: "moveTracksDown",
  f: "toggleFollow",
  a: "selectAll",
  e: "split",
  d: "duplicate",
  c: "copy",
  x: "cut",
  v: "paste",
  z: "undo",
  y: "redo",
};

const PLAIN: Readonly<Record<string, StudioCommand>> = {
  " ": "playStop",
  "0": "muteAll",
  c: "toggleMetronome",
  Backspace: "deleteSelection",
  Delete: "deleteSelection",
};

const digit = (press: KeyPress, value: string): boolean =>
  press.code === `Digit${value}` || press.key === value;

/** The command a key press stands for, or null when it is not a studio shortcut. */
export function commandForKey(press: KeyPress): StudioCommand | null {
  if (press.altKey) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  const ctrl = press.ctrlKey === true || press.metaKey === true;
  const shift = press.shiftKey === true;
  if (ctrl && shift) return key === "z" ? "redo" : null;
  if (ctrl) return Object.hasOwn(WITH_CTRL, key) ? WITH_CTRL[key] : null;
  if (shift) {
    if (digit(press, "1") || key === "!") return "halveGrid";
    if (digit(press, "2") || key === "@") return "doubleGrid";
    return null;
  }
  return Object.hasOwn(PLAIN, key) ? PLAIN[key] : null;
}
