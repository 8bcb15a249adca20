// The beat grid over all tracks: one line per grid step, bar lines (every 4 beats) stronger.

import { Container } from "pixi.js";
import { drawnGridStep } from "./grid-spacing.ts";
import { SpritePool } from "./pools.ts";
import { type Scene, sceneX } from "./scene.ts";

export class GridLayer {
  readonly container = new Container();
  private readonly pool = new SpritePool(this.container);

  draw(scene: Scene, gridMultiplier: number): void {
    const { window, palette, total, origin } = scene;
    this.pool.begin();
    const step = drawnGridStep(gridMultiplier, window.pixelsPerBeat);
    if (total > 0) {
      const first = Math.ceil(origin / step);
      const last = Math.floor(window.endBeat / step);
      for (let k = first; k <= last; k++) {
        const beat = k * step;
        const bar = Math.abs(beat % 4) < 1e-9;
        this.pool.rect(Math.round(sceneX(scene, beat)), 0, 1, total, bar ? palette.gridBar : palette.grid);
      }
    }
    this.pool.end();
  }
}
