// What is drawn over the clips, each by its own function on one pool (drawn in this order): the
// loop's span, the selected range on the selected tracks, clip creation intents, and the hint
// where a dropped file would land.

import { Container } from "pixi.js";
import type { StudioProjectState } from "../../shared/project/index.ts";
import type { InteractionState } from "./interaction-state.ts";
import { laneMarks } from "./lane-marks.ts";
import { SpritePool } from "./pools.ts";
import { type Scene, sceneX } from "./scene.ts";
import { trackBlockHeight } from "./track-layout.ts";

export class OverlayLayer {
  readonly container = new Container();
  private readonly pool = new SpritePool(this.container);

  draw(scene: Scene, project: StudioProjectState, dropHint: InteractionState["dropHint"]): void {
    this.pool.begin();
    this.drawLoop(scene, project.loop);
    this.drawSelection(scene, project.selection);
    this.drawIntents(scene);
    if (dropHint !== null) this.drawDropHint(scene, dropHint);
    this.pool.end();
  }

  /** The loop's span, faintly, over all tracks. */
  private drawLoop(scene: Scene, loop: StudioProjectState["loop"]): void {
    const { origin, window, total, palette } = scene;
    if (!loop.enabled || loop.endBeats <= loop.startBeats || total <= 0) return;
    const x0 = sceneX(scene, Math.max(origin, loop.startBeats));
    const x1 = sceneX(scene, Math.min(window.endBeat, loop.endBeats));
    if (x1 > x0) this.pool.rect(x0, 0, x1 - x0, total, palette.loop, 0.045);
  }

  /** The selected range with its edges, on each selected track and over its take lanes. */
  private drawSelection(scene: Scene, selection: StudioProjectState["selection"]): void {
    const { origin, window, layout, selected, palette } = scene;
    const { anchorBeats, focusBeats } = selection;
    const from = Math.max(origin, Math.min(anchorBeats, focusBeats));
    const to = Math.min(window.endBeat, Math.max(anchorBeats, focusBeats));
    if (Math.abs(focusBeats - anchorBeats) <= 1e-6 || to <= from) return;
    const x0 = sceneX(scene, from);
    const x1 = sceneX(scene, to);
    for (let i = window.firstTrack; i <= window.lastTrack; i++) {
      const track = layout.tracks[i];
      if (!selected.has(track.id)) continue;
      // Over the track's take lanes too: range edits cut them with the track.
      const y = layout.tops[i];
      const h = trackBlockHeight(track) - 1;
      this.pool.rect(x0, y, x1 - x0, h, palette.selection, 0.22);
      this.pool.rect(x0, y, 1, h, palette.selection, 0.9);
      this.pool.rect(x1 - 1, y, 1, h, palette.selection, 0.9);
    }
  }

  /** Clip creation intents, drawn plainly over the track's row. */
  private drawIntents(scene: Scene): void {
    const { origin, window, layout, palette } = scene;
    for (let i = window.firstTrack; i <= window.lastTrack; i++) {
      const track = layout.tracks[i];
      if (track.clipCreationIntents.length === 0) continue;
      const y = layout.tops[i];
      for (const mark of laneMarks(track, origin, window.endBeat)) {
        const x0 = sceneX(scene, Math.max(origin, mark.startBeats));
        const x1 = sceneX(scene, Math.min(window.endBeat, mark.endBeats));
        if (x1 <= x0) continue;
        this.pool.rect(x0, y + mark.y, x1 - x0, mark.height, palette.accent, 0.14);
        this.pool.rect(x0, y + mark.y, 1, mark.height, palette.accent, 0.8);
        this.pool.rect(x1 - 1, y + mark.y, 1, mark.height, palette.accent, 0.8);
      }
    }
  }

  /** The track a dropped file would go to, and the beat it would start at. */
  private drawDropHint(scene: Scene, hint: NonNullable<InteractionState["dropHint"]>): void {
    const { origin, window, layout, palette } = scene;
    if (hint.trackIndex < 0 || hint.trackIndex >= layout.tracks.length) return;
    const y = layout.tops[hint.trackIndex];
    const h = layout.tracks[hint.trackIndex].height;
    const x0 = sceneX(scene, origin);
    this.pool.rect(x0, y, sceneX(scene, window.endBeat) - x0, h, palette.accent, 0.12);
    this.pool.rect(sceneX(scene, hint.beat), y, 2, h, palette.accent);
  }
}
