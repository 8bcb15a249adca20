import type { Container } from "pixi.js";

const tints = new WeakMap<Container, number>();

/**
 * Sets a display object's tint only when it changes: Pixi parses the colour on every assignment,
 * which laying out hundreds of sprites a frame would pay for nothing.
 */
export function setTint(target: Container, color: number): void {
  if (tints.get(target) === color) return;
  tints.set(target, color);
  target.tint = color;
}
