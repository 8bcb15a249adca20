// The playhead: a line over the lanes and its head on the ruler, moved on every frame the
// playhead's pixel changed (or the scene was drawn again).

import { type Container, Sprite, Texture } from "pixi.js";
import { RULER_HEIGHT } from "./constants.ts";
import type { TimelinePalette } from "./palette.ts";
import { setTint } from "./tint.ts";

export class PlayheadLayer {
  readonly line = new Sprite(Texture.WHITE);
  private x = Number.NaN;

  constructor(private readonly head: Container) {}

  /**
   * Places the playhead at x (pixels from the view's left edge); hidden when out of view. Returns
   * whether anything was placed: nothing when x is where it was and `force` is false.
   */
  place(x: number, width: number, height: number, palette: TimelinePalette, force: boolean): boolean {
    if (x === this.x && !force) return false;
    this.x = x;
    const inView = x >= -1 && x <= width + 1;
    const { line, head } = this;
    line.visible = inView;
    head.visible = inView;
    line.x = x;
    line.width = 1;
    line.height = height;
    setTint(line, palette.playhead);
    head.x = x + 0.5;
    head.y = RULER_HEIGHT - 10;
    setTint(head, palette.playhead);
    return true;
  }
}
