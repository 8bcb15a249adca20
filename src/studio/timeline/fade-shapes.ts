// The fade curves' shading, built once in unit size and shared by every clip: a clip scales them
// to its fades' width and its height, so zooming redraws nothing.

import { GraphicsContext } from "pixi.js";

import { fadeGain } from "../../shared/audio/fade-curve.ts";

/** The engine's 2-exponent fade-in gain (the page may pass the wasm's). */
export { fadeGain };

const STEPS = 32;

export interface FadeShapes {
  readonly fadeIn: GraphicsContext;
  readonly fadeOut: GraphicsContext;
}

/** The part of the clip a fade attenuates, above the gain curve, shaded. */
export function buildFadeShapes(gain: (x: number) => number = fadeGain): FadeShapes {
  const inPoints: number[] = [0, 0, 1, 0];
  const outPoints: number[] = [0, 0, 1, 0];
  for (let i = STEPS; i >= 0; i--) {
    const x = i / STEPS;
    inPoints.push(x, 1 - gain(x));
    outPoints.push(x, 1 - gain(1 - x));
  }
  const shade = { color: 0x000000, alpha: 0.38 };
  return {
    fadeIn: new GraphicsContext().poly(inPoints).fill(shade),
    fadeOut: new GraphicsContext().poly(outPoints).fill(shade),
  };
}
