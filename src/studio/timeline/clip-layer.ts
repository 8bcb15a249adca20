// The clips of the drawn window, one ClipView each (track rows and take lanes' rows), reused
// across layouts. Waveforms are drawn within a time budget per frame: what a layout could not
// draw is left pending for the next frames, and none are redrawn while zooming.

import { Container, type Texture } from "pixi.js";
import { clipSourceId } from "../../engine/index.ts";
import type { MarkersRegistry, Track } from "../../shared/project/index.ts";
import type { TempoMap } from "../../shared/timing/tempo-map.ts";
import type { SourceLibrary } from "../audio/source-library.ts";
import { type ClipFrame, ClipView, type WaveBuilds } from "./clip-view.ts";
import { WAVE_BUDGET_MS } from "./constants.ts";
import type { FadeShapes } from "./fade-shapes.ts";
import { colorNumber } from "./palette.ts";
import type { Scene } from "./scene.ts";
import { rowClips, rowsOf, soloedLaneIndex } from "./track-layout.ts";
import { firstClipEndingAfter } from "./visible-clips.ts";

/** Waveforms are redrawn for a new zoom once it has not changed for this long. */
const ZOOM_SETTLE_MS = 150;
/** Clip views of take lanes' rows are keyed apart from the track row's (a solo lane's show in both). */
const LANE_ROW_KEY = "\u0001";

/** What the clips are drawn with, besides the scene. */
export interface ClipLayerInput {
  readonly tempo: TempoMap;
  readonly registry: MarkersRegistry;
  readonly sources: SourceLibrary | null;
  readonly selectedClipId: string | null;
  readonly hoveredClipId: string | null;
}

export class ClipLayer {
  readonly container = new Container();
  private readonly views = new Map<string, ClipView>();
  private readonly freeViews: ClipView[] = [];
  private readonly trackColors = new WeakMap<Track, number>();
  private readonly clipColors = new WeakMap<object, number>();
  private stamp = 0;
  /** When the zoom last changed (performance.now()). */
  private zoomedAt = Number.NEGATIVE_INFINITY;
  /** Views whose waveform the last layout left for later frames (each frame draws some). */
  private pendingWaves: ClipView[] = [];
  /** Views with moving stripes (streaming, uploading). */
  private animated: ClipView[] = [];

  constructor(
    private readonly fades: FadeShapes,
    private readonly stripes: Texture,
  ) {}

  /** The zoom changed now: waveforms wait until it settles. */
  zoomed(now: number): void {
    this.zoomedAt = now;
  }

  get hasPendingWaves(): boolean {
    return this.pendingWaves.length > 0;
  }

  get isAnimated(): boolean {
    return this.animated.length > 0;
  }

  /** Moves the stripes of streaming and uploading clips. */
  animate(now: number): void {
    for (const view of this.animated) view.animate(now);
  }

  /** Keeps each clip's label in view while its clip is scrolled partly out on the left. */
  stickLabels(viewStartBeat: number): void {
    for (const view of this.views.values()) view.stickLabel(viewStartBeat);
  }

  /** Which waveforms may be drawn now: within the budget (one at least), and not while zooming. */
  private waveBuilds(builtOne: boolean, deadline: number): WaveBuilds {
    if (builtOne && performance.now() >= deadline) return "none";
    return performance.now() - this.zoomedAt < ZOOM_SETTLE_MS ? "missing" : "all";
  }

  /** Draws waveforms left from the last layout, within the frame's budget. */
  refineWaves(): void {
    const deadline = performance.now() + WAVE_BUDGET_MS;
    const pending = this.pendingWaves;
    let kept = 0;
    for (let i = 0; i < pending.length; i++) {
      const view = pending[i];
      const builds = this.waveBuilds(i > 0, deadline);
      const done = builds !== "none" && view.stamp === this.stamp && view.refineWave(builds);
      if (!done) pending[kept++] = view;
    }
    pending.length = kept;
  }

  private trackColor(track: Track): number {
    let color = this.trackColors.get(track);
    if (color === undefined) {
      color = colorNumber(track.color, 0x6e7bf2);
      this.trackColors.set(track, color);
    }
    return color;
  }

  private clipColor(clip: { color: string | null }, fallback: number): number {
    let color = this.clipColors.get(clip);
    if (color === undefined) {
      color = colorNumber(clip.color ?? "", fallback);
      this.clipColors.set(clip, color);
    }
    return color;
  }

  draw(scene: Scene, input: ClipLayerInput): void {
    const { window, origin, layout } = scene;
    const sources = input.sources;
    const stamp = ++this.stamp;
    const waveDeadline = performance.now() + WAVE_BUDGET_MS;
    let built = false;
    this.pendingWaves.length = 0;
    this.animated.length = 0;
    const frame: { -readonly [K in keyof ClipFrame]: ClipFrame[K] } = {
      top: 0,
      height: 0,
      pixelsPerBeat: window.pixelsPerBeat,
      originBeat: origin,
      windowStart: origin,
      windowEnd: window.endBeat,
      tempo: input.tempo,
      registry: input.registry,
      palette: scene.palette,
    };
    for (let i = window.firstTrack; i <= window.lastTrack; i++) {
      const track = layout.tracks[i];
      const trackColor = this.trackColor(track);
      const lanes = track.takeLanesExpanded && track.takeLanes.length > 0;
      const rows = lanes ? rowsOf(layout, i) : null;
      const soloed = lanes ? soloedLaneIndex(track) : -1;
      for (let r = 0; r < (rows === null ? 1 : rows.length); r++) {
        const lane = rows === null ? -1 : rows[r].lane;
        frame.top = rows === null ? layout.tops[i] : rows[r].top;
        frame.height = rows === null ? track.height : rows[r].height;
        // The track's row shows what plays (a solo lane's clips in place of its own); lane rows
        // not heard are dimmed.
        const clips = rowClips(track, lane);
        const dimmed = lane >= 0 && lane !== soloed;
        for (let c = firstClipEndingAfter(clips, origin); c < clips.length; c++) {
          const clip = clips[c];
          if (clip.startBeats >= window.endBeat) break;
          const key = lane < 0 ? clip.id : LANE_ROW_KEY + clip.id;
          let view = this.views.get(key);
          if (view === undefined) {
            view = this.freeViews.pop() ?? this.createView();
            this.views.set(key, view);
          }
          view.show(key);
          view.stamp = stamp;
          const source = clipSourceId(clip);
          const peaks = source === null ? undefined : sources?.peaksOf(source);
          const missing = source !== null && sources?.isMissing(source) === true;
          const pending =
            !missing && (clip.streaming || (source !== null && sources !== null && !sources.has(source)));
          const result = view.draw(
            {
              clip,
              color: clip.color === null ? trackColor : this.clipColor(clip, trackColor),
              selected: clip.id === input.selectedClipId,
              hovered: clip.id === input.hoveredClipId,
              pending,
              missing,
              dimmed,
              peaks,
            },
            frame,
            this.waveBuilds(built, waveDeadline),
          );
          if (result.built) built = true;
          if (!result.settled) this.pendingWaves.push(view);
          if (pending) this.animated.push(view);
        }
      }
    }
    for (const [id, view] of this.views) {
      if (view.stamp === stamp) continue;
      view.hide();
      this.views.delete(id);
      this.freeViews.push(view);
    }
  }

  private createView(): ClipView {
    const view = new ClipView(this.fades, this.stripes);
    this.container.addChild(view.container);
    return view;
  }

  destroy(): void {
    for (const view of [...this.views.values(), ...this.freeViews]) view.destroy();
    this.views.clear();
    this.freeViews.length = 0;
  }
}
