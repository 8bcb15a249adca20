// The player's keyboard: space plays or pauses, left and right seek, up and down change the volume,
// M mutes. Keys typed into a text field are the field's; space on a button or link presses that
// control, and arrows move a focused slider or radio, so the player leaves those keys alone there.

export type PlayerKeyAction =
  | { readonly kind: "toggle" }
  | { readonly kind: "seek"; readonly bySeconds: number }
  | { readonly kind: "volume"; readonly by: number }
  | { readonly kind: "mute" };

/** How far an arrow seeks, in seconds. */
export const SEEK_STEP_S = 5;
/** How much an arrow changes the volume (of 1). */
export const VOLUME_STEP = 0.1;

export interface KeyTarget {
  /** The element's tag name, upper case as the DOM gives it. */
  readonly tagName: string;
  readonly isContentEditable: boolean;
  /** For an input: its type. */
  readonly type?: string;
}

/** Inputs that take no typing: their keys may still drive the player. */
const NON_TEXT_INPUTS = new Set(["checkbox", "radio", "range", "button", "submit", "reset", "color", "file"]);

export function isTextField(target: KeyTarget): boolean {
  if (target.isContentEditable) return true;
  if (target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
  return target.tagName === "INPUT" && !NON_TEXT_INPUTS.has((target.type ?? "text").toLowerCase());
}

export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

/** What a key press asks of the player, or null when it is not the player's. */
export function playerKeyAction(press: KeyPress, target: KeyTarget | null): PlayerKeyAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (target !== null && isTextField(target)) return null;
  const onControl = target !== null && ["BUTTON", "A", "INPUT"].includes(target.tagName);
  const onInput = target?.tagName === "INPUT";
  if (press.key === " " && onControl) return null;
  if (press.key.startsWith("Arrow") && onInput) return null;
  switch (press.key) {
    case " ":
      return { kind: "toggle" };
    case "ArrowLeft":
      return { kind: "seek", bySeconds: -SEEK_STEP_S };
    case "ArrowRight":
      return { kind: "seek", bySeconds: SEEK_STEP_S };
    case "ArrowUp":
      return { kind: "volume", by: VOLUME_STEP };
    case "ArrowDown":
      return { kind: "volume", by: -VOLUME_STEP };
    case "m":
    case "M":
      return { kind: "mute" };
    default:
      return null;
  }
}
