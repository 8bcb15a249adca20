// The canvas's colours, read from the studio's CSS custom properties so the theme (dark, light,
// system) styles the canvas and the panels alike.

import { Color } from "pixi.js";

export interface TimelinePalette {
  readonly background: number;
  readonly lane: number;
  readonly laneAlt: number;
  readonly laneSelected: number;
  readonly separator: number;
  readonly grid: number;
  readonly gridBar: number;
  readonly rulerBackground: number;
  readonly rulerText: number;
  readonly rulerTick: number;
  readonly accent: number;
  readonly playhead: number;
  readonly selection: number;
  readonly loop: number;
  readonly loopOff: number;
  readonly clipText: number;
  readonly dark: boolean;
}

const DARK: TimelinePalette = {
  background: 0x15161b,
  lane: 0x1a1c22,
  laneAlt: 0x1d1f26,
  laneSelected: 0x252834,
  separator: 0x2a2d36,
  grid: 0x262932,
  gridBar: 0x363a46,
  rulerBackground: 0x1f2128,
  rulerText: 0x9a9ca6,
  rulerTick: 0x4a4e5a,
  accent: 0xff7a45,
  playhead: 0xff7a45,
  selection: 0x7aa2ff,
  loop: 0x3ddc97,
  loopOff: 0x5a5e6a,
  clipText: 0xffffff,
  dark: true,
};

const VARIABLES: Partial<Record<keyof TimelinePalette, string>> = {
  background: "--tl-background",
  lane: "--tl-lane",
  laneAlt: "--tl-lane-alt",
  laneSelected: "--tl-lane-selected",
  separator: "--tl-separator",
  grid: "--tl-grid",
  gridBar: "--tl-grid-bar",
  rulerBackground: "--tl-ruler",
  rulerText: "--tl-ruler-text",
  rulerTick: "--tl-ruler-tick",
  accent: "--accent",
  playhead: "--tl-playhead",
  selection: "--tl-selection",
  loop: "--tl-loop",
  loopOff: "--tl-loop-off",
  clipText: "--tl-clip-text",
};

/** Reads the palette from an element's computed style; missing variables keep the dark theme's. */
export function readPalette(element: Element): TimelinePalette {
  const style = getComputedStyle(element);
  const palette: Record<string, number | boolean> = { ...DARK };
  for (const [key, variable] of Object.entries(VARIABLES)) {
    const value = style.getPropertyValue(variable).trim();
    if (value === "") continue;
    try {
      palette[key] = new Color(value).toNumber();
    } catch {
      // An unreadable colour keeps the default.
    }
  }
  palette.dark = style.getPropertyValue("--tl-dark").trim() !== "0";
  return palette as unknown as TimelinePalette;
}

export const DEFAULT_PALETTE = DARK;

/** A CSS colour as 0xRRGGBB; unreadable colours give the fallback. */
export function colorNumber(css: string, fallback: number): number {
  try {
    return new Color(css).toNumber();
  } catch {
    return fallback;
  }
}

/** Mixes two 0xRRGGBB colours: t = 0 is a, t = 1 is b. */
export function mix(a: number, b: number, t: number): number {
  const channel = (shift: number) => {
    const x = (a >> shift) & 0xff;
    const y = (b >> shift) & 0xff;
    return Math.round(x + (y - x) * t) << shift;
  };
  return channel(16) | channel(8) | channel(0);
}
