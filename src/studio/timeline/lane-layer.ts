// The lanes' backgrounds, scrolled vertically only: alternating tints, the selected tracks', a
// separator under each track, and the rows of expanded take lanes (the soloed one marked).

import { Container } from "pixi.js";
import { mix } from "./palette.ts";
import { SpritePool } from "./pools.ts";
import type { Scene } from "./scene.ts";
import { rowsOf, soloedLaneIndex } from "./track-layout.ts";

export class LaneLayer {
  readonly container = new Container();
  private readonly pool = new SpritePool(this.container);

  draw(scene: Scene): void {
    const { window, layout, palette, selected } = scene;
    const { width } = window;
    const pool = this.pool;
    pool.begin();
    for (let i = window.firstTrack; i <= window.lastTrack; i++) {
      const track = layout.tracks[i];
      const y = layout.tops[i];
      const tint = selected.has(track.id)
        ? palette.laneSelected
        : i % 2 === 0
          ? palette.lane
          : palette.laneAlt;
      pool.rect(0, y, width, track.height, tint);
      pool.rect(0, y + track.height - 1, width, 1, palette.separator);
      if (track.takeLanesExpanded && track.takeLanes.length > 0) {
        // Take lanes' rows: a shade darker than their track's, the soloed one (heard) marked.
        const laneTint = mix(tint, palette.background, 0.5);
        const soloed = soloedLaneIndex(track);
        for (const row of rowsOf(layout, i)) {
          if (row.lane < 0) continue;
          pool.rect(0, row.top, width, row.height, laneTint);
          if (row.lane === soloed) pool.rect(0, row.top, width, row.height, palette.accent, 0.08);
          pool.rect(0, row.top + row.height - 1, width, 1, palette.separator);
        }
      }
    }
    pool.end();
  }
}
