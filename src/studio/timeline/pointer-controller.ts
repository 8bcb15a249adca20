// Pointer input on the timeline canvas: clicks select and move the playhead, drags move and trim
// clips, shape fades, select ranges and set the loop. A drag is one history gesture, so it undoes
// in one step; each step is computed from the state the drag began with (see editing/move-trim.ts).

import { clipSourceId } from "../../engine/index.ts";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { type Beats, beats } from "../../shared/time.ts";
import type { SourceLibrary } from "../audio/source-library.ts";
import {
  type ClipRef,
  findClip,
  moveClip,
  quantizeSelectionBeats,
  selectRange,
  setFadeIn,
  setFadeOut,
  setLoopRange,
  trimClipEnd,
  trimClipStart,
} from "../editing/index.ts";
import type { StudioController } from "../store/studio-controller.ts";
import { contentBeatsOf } from "./clip-timing.ts";
import { AUTO_SCROLL_MAX_SHIFT_PX, DRAG_THRESHOLD_PX, RULER_HEIGHT } from "./constants.ts";
import { drawnGridStep, snapToGrid } from "./grid-spacing.ts";
import { type ClipPart, type Hit, hitTest } from "./hit-test.ts";
import type { InteractionState } from "./interaction-state.ts";
import { layoutOf, tempoOf } from "./project-geometry.ts";
import { nearestTrackIndex } from "./track-layout.ts";
import type { Viewport } from "./viewport.ts";

/** How close to the canvas's side a drag starts scrolling the view. */
const AUTO_SCROLL_ZONE_PX = 32;

type Drag =
  | {
      readonly kind: "move";
      readonly trackId: string;
      readonly clipId: string;
      readonly startBeats: number;
      readonly downBeat: number;
    }
  | {
      readonly kind: "trimStart" | "trimEnd" | "fadeIn" | "fadeOut";
      readonly trackId: string;
      readonly clipId: string;
    }
  | { readonly kind: "range"; readonly anchorBeat: number; readonly anchorTrack: number }
  | { readonly kind: "loop"; readonly fixedBeat: number };

interface Press {
  readonly pointerId: number;
  readonly x: number;
  readonly y: number;
  readonly hit: Hit;
  readonly additive: boolean;
}

const CURSORS: Record<ClipPart, string> = {
  body: "grab",
  trimStart: "ew-resize",
  trimEnd: "ew-resize",
  fadeIn: "col-resize",
  fadeOut: "col-resize",
};

export interface PointerDeps {
  readonly controller: StudioController;
  readonly viewport: Viewport;
  readonly interaction: InteractionState;
  sources: SourceLibrary | null;
  /** The canvas's page position, kept current without forcing layout (see ui/timeline/element-box.ts). */
  readonly box: { readonly left: number; readonly top: number };
}

export class PointerController {
  private press: Press | null = null;
  private drag: Drag | null = null;
  private last = { x: 0, y: 0, alt: false };
  private cursor = "";

  constructor(
    private readonly canvas: HTMLElement,
    private readonly deps: PointerDeps,
  ) {
    canvas.addEventListener("pointerdown", this.onDown);
    canvas.addEventListener("pointermove", this.onMove);
    canvas.addEventListener("pointerup", this.onUp);
    canvas.addEventListener("pointercancel", this.onCancel);
    canvas.addEventListener("pointerleave", this.onLeave);
    canvas.addEventListener("dblclick", this.onDoubleClick);
    window.addEventListener("keydown", this.onKey, true);
  }

  dispose(): void {
    const canvas = this.canvas;
    canvas.removeEventListener("pointerdown", this.onDown);
    canvas.removeEventListener("pointermove", this.onMove);
    canvas.removeEventListener("pointerup", this.onUp);
    canvas.removeEventListener("pointercancel", this.onCancel);
    canvas.removeEventListener("pointerleave", this.onLeave);
    canvas.removeEventListener("dblclick", this.onDoubleClick);
    window.removeEventListener("keydown", this.onKey, true);
  }

  private get project(): StudioProjectState {
    return this.deps.controller.project;
  }

  private point(event: PointerEvent | MouseEvent): { x: number; y: number } {
    const { box } = this.deps;
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  private hitAt(x: number, y: number): Hit {
    const { viewport } = this.deps;
    return hitTest(this.project, layoutOf(this.project), viewport, x, y);
  }

  private snap(beat: number): number {
    if (this.last.alt) return beat;
    const { viewport, controller } = this.deps;
    return snapToGrid(beat, drawnGridStep(controller.state.ui.gridMultiplier, viewport.pixelsPerBeat));
  }

  private setCursor(cursor: string): void {
    if (cursor === this.cursor) return;
    this.cursor = cursor;
    this.canvas.style.cursor = cursor;
  }

  private readonly onDown = (event: PointerEvent): void => {
    if (event.button !== 0) return;
    const { x, y } = this.point(event);
    this.last = { x, y, alt: event.altKey };
    this.press = {
      pointerId: event.pointerId,
      x,
      y,
      hit: this.hitAt(x, y),
      additive: event.shiftKey || event.ctrlKey || event.metaKey,
    };
    this.canvas.setPointerCapture(event.pointerId);
  };

  private readonly onMove = (event: PointerEvent): void => {
    const { x, y } = this.point(event);
    this.last = { x, y, alt: event.altKey };
    const press = this.press;
    if (press === null) {
      this.hover(x, y);
      return;
    }
    if (this.drag === null) {
      if (Math.hypot(x - press.x, y - press.y) < DRAG_THRESHOLD_PX) return;
      this.drag = this.startDrag(press);
      if (this.drag === null) return;
    }
    this.dragTo(x, y);
  };

  private readonly onUp = (event: PointerEvent): void => {
    const press = this.press;
    if (press === null || event.pointerId !== press.pointerId) return;
    this.press = null;
    if (this.canvas.hasPointerCapture(event.pointerId)) this.canvas.releasePointerCapture(event.pointerId);
    const drag = this.drag;
    this.drag = null;
    if (drag === null) {
      this.click(press);
      return;
    }
    const { controller } = this.deps;
    if (drag.kind === "range") return;
    controller.endGesture();
    if (drag.kind === "move") {
      const moved = controller.project.tracks.find((track) =>
        track.clips.some((clip) => clip.id === drag.clipId),
      );
      if (moved !== undefined) controller.selectClip({ trackId: moved.id, clipId: drag.clipId });
    }
    this.hover(this.last.x, this.last.y);
  };

  private readonly onCancel = (): void => {
    this.cancel();
  };

  private readonly onLeave = (): void => {
    if (this.press === null) this.deps.interaction.setHovered(null);
  };

  private readonly onKey = (event: KeyboardEvent): void => {
    if (event.key === "Escape" && this.drag !== null) {
      event.preventDefault();
      event.stopPropagation();
      this.cancel();
    }
  };

  private cancel(): void {
    const drag = this.drag;
    this.press = null;
    this.drag = null;
    if (drag !== null && drag.kind !== "range") this.deps.controller.cancelGesture();
  }

  private readonly onDoubleClick = (event: MouseEvent): void => {
    const { x, y } = this.point(event);
    const hit = this.hitAt(x, y);
    if (hit.kind !== "clip") return;
    const track = layoutOf(this.project).tracks[hit.trackIndex];
    const { controller, viewport } = this.deps;
    controller.select((project) =>
      selectRange(
        project,
        {
          trackIds: [track.id],
          focusedTrackId: track.id,
          anchorBeats: hit.clip.startBeats,
          focusBeats: hit.clip.endBeats,
        },
        tempoOf(project),
        viewport.pixelsPerBeat,
      ),
    );
  };

  private hover(x: number, y: number): void {
    const hit = this.hitAt(x, y);
    this.deps.interaction.setHovered(hit.kind === "clip" ? hit.clip.id : null);
    if (hit.kind === "clip") this.setCursor(hit.draggable ? CURSORS[hit.part] : "pointer");
    else if (hit.kind === "ruler") this.setCursor(hit.loopEdge !== null ? "ew-resize" : "text");
    else this.setCursor("default");
  }

  /** A press that did not move: select what is there and put the playhead there. */
  private click(press: Press): void {
    const { controller, viewport } = this.deps;
    const hit = press.hit;
    if (hit.kind === "ruler") {
      controller.seek(hit.beat);
      return;
    }
    if (hit.kind === "none") {
      controller.selectClip(null);
      return;
    }
    const track = layoutOf(this.project).tracks[hit.trackIndex];
    const at = quantizeSelectionBeats(tempoOf(this.project), beats(Math.max(0, hit.beat)));
    controller.select((project) => {
      const current = project.selection.trackIds;
      const trackIds = press.additive
        ? current.includes(track.id)
          ? current
          : [...current, track.id]
        : [track.id];
      return selectRange(
        project,
        { trackIds, focusedTrackId: track.id, anchorBeats: at, focusBeats: at },
        tempoOf(project),
        viewport.pixelsPerBeat,
      );
    });
    controller.selectClip(hit.kind === "clip" ? { trackId: track.id, clipId: hit.clip.id } : null);
    controller.seek(at);
  }

  private startDrag(press: Press): Drag | null {
    const { controller } = this.deps;
    const hit = press.hit;
    const layout = layoutOf(this.project);
    if (hit.kind === "ruler") {
      if (!controller.beginGesture()) return null;
      const { loop } = this.project;
      const fixedBeat =
        hit.loopEdge === "start"
          ? loop.endBeats
          : hit.loopEdge === "end"
            ? loop.startBeats
            : this.snap(hit.beat);
      return { kind: "loop", fixedBeat };
    }
    if (hit.kind === "clip" && hit.draggable) {
      const trackId = layout.tracks[hit.trackIndex].id;
      if (!controller.beginGesture()) return null;
      controller.selectClip({ trackId, clipId: hit.clip.id });
      if (hit.part === "body") {
        this.setCursor("grabbing");
        return {
          kind: "move",
          trackId,
          clipId: hit.clip.id,
          startBeats: hit.clip.startBeats,
          downBeat: hit.beat,
        };
      }
      return { kind: hit.part, trackId, clipId: hit.clip.id };
    }
    const anchorTrack =
      hit.kind === "none" ? nearestTrackIndex(layout, this.deps.viewport.trackYAt(press.y)) : hit.trackIndex;
    return { kind: "range", anchorBeat: Math.max(0, hit.beat), anchorTrack };
  }

  private dragTo(x: number, y: number): void {
    const drag = this.drag;
    if (drag === null) return;
    const { controller, viewport } = this.deps;
    const beat = Math.max(0, viewport.beatAt(x));
    switch (drag.kind) {
      case "move": {
        const layout = layoutOf(controller.project);
        const target = layout.tracks[nearestTrackIndex(layout, viewport.trackYAt(Math.max(RULER_HEIGHT, y)))];
        const start = Math.max(0, this.snap(drag.startBeats + (beat - drag.downBeat)));
        const delta = beats(start - drag.startBeats);
        const ref = { trackId: drag.trackId, clipId: drag.clipId };
        controller.updateGesture((base) => moveClip(base, ref, delta, target?.id ?? drag.trackId));
        return;
      }
      case "trimStart": {
        const ref = { trackId: drag.trackId, clipId: drag.clipId };
        const at = beats(this.snap(beat));
        controller.updateGesture((base) => trimClipStart(base, ref, at));
        return;
      }
      case "trimEnd": {
        const ref = { trackId: drag.trackId, clipId: drag.clipId };
        const at = beats(this.snap(beat));
        controller.updateGesture((base) => trimClipEnd(base, ref, at, this.contentBeats(base, ref)));
        return;
      }
      case "fadeIn":
      case "fadeOut": {
        const ref = { trackId: drag.trackId, clipId: drag.clipId };
        controller.updateGesture((base) => {
          const clip = findClip(base, ref);
          if (clip === undefined) return base;
          return drag.kind === "fadeIn"
            ? setFadeIn(base, ref, beats(Math.max(0, beat - clip.startBeats)))
            : setFadeOut(base, ref, beats(Math.max(0, clip.endBeats - beat)));
        });
        return;
      }
      case "range": {
        const layout = layoutOf(controller.project);
        const current = nearestTrackIndex(layout, viewport.trackYAt(Math.max(RULER_HEIGHT, y)));
        const from = Math.min(drag.anchorTrack, current);
        const to = Math.max(drag.anchorTrack, current);
        const anchorTrack = layout.tracks[drag.anchorTrack];
        if (anchorTrack === undefined) return;
        const trackIds = layout.tracks.slice(from, to + 1).map((track) => track.id);
        controller.select((project) =>
          selectRange(
            project,
            { trackIds, focusedTrackId: anchorTrack.id, anchorBeats: drag.anchorBeat, focusBeats: beat },
            tempoOf(project),
            viewport.pixelsPerBeat,
          ),
        );
        return;
      }
      case "loop": {
        const edge = this.snap(beat);
        controller.updateGesture((base) => {
          const next = setLoopRange(base, drag.fixedBeat, edge);
          return next.loop.enabled || next === base
            ? next
            : { ...next, loop: { ...next.loop, enabled: true } };
        });
        return;
      }
    }
  }

  /** How long the clip's loaded audio lasts in beats, the farthest its end trims out; unknown before it loads. */
  private contentBeats(state: StudioProjectState, ref: ClipRef): Beats | undefined {
    const clip = findClip(state, ref);
    const source = clip === undefined ? null : clipSourceId(clip);
    const audio = source === null ? undefined : this.deps.sources?.audioOf(source);
    if (clip === undefined || audio === undefined) return undefined;
    return beats(contentBeatsOf(clip, tempoOf(state), (audio.channels[0]?.length ?? 0) / audio.sampleRate));
  }

  /** Called every animation frame: a drag held past the canvas's side scrolls the view. */
  frame(): void {
    if (this.drag === null) return;
    const { viewport } = this.deps;
    const { x } = this.last;
    let shift = 0;
    if (x > viewport.width - AUTO_SCROLL_ZONE_PX) {
      shift = Math.min(AUTO_SCROLL_MAX_SHIFT_PX, (x - (viewport.width - AUTO_SCROLL_ZONE_PX)) / 2);
    } else if (x < AUTO_SCROLL_ZONE_PX && viewport.startBeat > 0) {
      shift = -Math.min(AUTO_SCROLL_MAX_SHIFT_PX, (AUTO_SCROLL_ZONE_PX - x) / 2);
    }
    if (shift === 0) return;
    viewport.setStartBeat(viewport.startBeat + shift / viewport.pixelsPerBeat);
    this.dragTo(this.last.x, this.last.y);
  }
}
