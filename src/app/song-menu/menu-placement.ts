// Where a menu opens: under its button, left edges aligned; above it when there is no room below;
// always at least 10 px inside the window.

import { clamp } from "../../shared/numbers.ts";

/** The least distance between a menu and the window's edges. */
export const MENU_EDGE_MARGIN = 10;
/** The gap between the button and the menu. */
const GAP = 4;

interface Box {
  readonly left: number;
  readonly top: number;
  readonly bottom: number;
}

interface Size {
  readonly width: number;
  readonly height: number;
}

export function placeMenu(button: Box, menu: Size, window: Size): { left: number; top: number } {
  const margin = MENU_EDGE_MARGIN;
  const left = clamp(button.left, margin, Math.max(margin, window.width - menu.width - margin));
  const below = button.bottom + GAP;
  const fitsBelow = below + menu.height <= window.height - margin;
  const above = button.top - GAP - menu.height;
  const top = fitsBelow
    ? below
    : above >= margin
      ? above
      : clamp(below, margin, Math.max(margin, window.height - menu.height - margin));
  return { left, top };
}
