// The timeline canvas, drawn imperatively: React mounts the canvas, this draws it. Each animation
// frame reads the playhead from the engine's shared memory. The scene is laid out over a window
// a little larger than the view; scrolling within it only moves two layers, and the scene is laid
// out again only when the project, the UI state, the zoom, the sources or the hover changed, or
// the view left the window. Nothing is drawn at all when nothing moved.

import { type Application, Container, Sprite, Texture } from "pixi.js";
import { clipSourceId } from "../../engine/index.ts";
import type { MarkersRegistry, StudioProjectState, Track } from "../../shared/project/index.ts";
import type { TempoMap } from "../../shared/timing/tempo-map.ts";
import type { SourceLibrary } from "../audio/source-library.ts";
import type { StudioController } from "../store/studio-controller.ts";
import type { StudioUiState } from "../store/studio-state.ts";
import { type ClipFrame, ClipView, type WaveBuilds } from "./clip-view.ts";
import { RULER_HEIGHT, WAVE_BUDGET_MS } from "./constants.ts";
import { buildFadeShapes, type FadeShapes } from "./fade-shapes.ts";
import { followedStartBeat } from "./follow.ts";
import { drawnGridStep } from "./grid-spacing.ts";
import type { InteractionState } from "./interaction-state.ts";
import { laneMarks } from "./lane-marks.ts";
import { colorNumber, DEFAULT_PALETTE, mix, type TimelinePalette } from "./palette.ts";
import { SpritePool } from "./pools.ts";
import { layoutOf, tempoOf } from "./project-geometry.ts";
import { RulerLayer } from "./ruler-layer.ts";
import { createStripeTexture } from "./stripe-texture.ts";
import { setTint } from "./tint.ts";
import {
  rowClips,
  rowsOf,
  soloedLaneIndex,
  type TrackLayout,
  totalHeight,
  trackBlockHeight,
  visibleTrackRange,
} from "./track-layout.ts";
import type { Viewport } from "./viewport.ts";
import { firstClipEndingAfter } from "./visible-clips.ts";

/**
 * The drawn window reaches this many view widths beyond each side of the view, and this many
 * tracks above and below: room to scroll before laying out again. While zooming every frame lays
 * out anyway, so the window is kept to the view.
 */
const WINDOW_MARGIN_VIEWS = 0.5;
const WINDOW_MARGIN_TRACKS = 4;
const ZOOMING_MARGIN_VIEWS = 0.05;
const ZOOMING_MARGIN_TRACKS = 1;
/** Waveforms are redrawn for a new zoom once it has not changed for this long. */
const ZOOM_SETTLE_MS = 150;
/** Clip views of take lanes' rows are keyed apart from the track row's (a solo lane's show in both). */
const LANE_ROW_KEY = "\u0001";

export interface TimelineDeps {
  readonly controller: StudioController;
  readonly viewport: Viewport;
  readonly interaction: InteractionState;
  /** The sources (and their waveforms), once the engine has loaded. */
  readonly sources: SourceLibrary | null;
  /** Whether the transport is playing now. */
  isPlaying(): boolean;
  fadeGain?: (x: number) => number;
}

/** The part of the timeline the scene is laid out for. */
interface DrawnWindow {
  readonly startBeat: number;
  readonly endBeat: number;
  readonly firstTrack: number;
  readonly lastTrack: number;
  readonly pixelsPerBeat: number;
  readonly width: number;
  readonly height: number;
}

export class TimelineRenderer {
  /** Scrolled vertically: the lanes' backgrounds. */
  private readonly laneLayer = new Container();
  /** Scrolled both ways: grid, clips and overlays, in pixels from the window's start. */
  private readonly scrollLayer = new Container({ isRenderGroup: true });
  private readonly clipLayer = new Container();
  private readonly lanes: SpritePool;
  private readonly grid: SpritePool;
  private readonly overlay: SpritePool;
  private readonly ruler = new RulerLayer();
  private readonly playhead = new Sprite(Texture.WHITE);
  private readonly fades: FadeShapes;
  private readonly stripes: Texture;
  private readonly views = new Map<string, ClipView>();
  private readonly freeViews: ClipView[] = [];
  private palette: TimelinePalette = DEFAULT_PALETTE;
  private paletteVersion = 0;

  private layout: TrackLayout = layoutOf({ tracks: [] } as unknown as StudioProjectState);
  private tempo: TempoMap | null = null;
  private registry: MarkersRegistry = {};
  private selectedTracks: { ids: readonly string[]; set: ReadonlySet<string> } = { ids: [], set: new Set() };
  private readonly trackColors = new WeakMap<Track, number>();
  private readonly clipColors = new WeakMap<object, number>();
  private drawn = {
    project: null as unknown,
    ui: null as unknown,
    sources: -1,
    interaction: -1,
    palette: -1,
  };
  private window: DrawnWindow | null = null;
  private placedView = -1;
  private stamp = 0;
  private zoomedAt = Number.NEGATIVE_INFINITY;
  private lastPixelsPerBeat = 0;
  /** Views whose waveform the last layout left for later frames (each frame draws some). */
  private pendingWaves: ClipView[] = [];
  /** Views with moving stripes (streaming, uploading). */
  private animated: ClipView[] = [];
  private playheadX = Number.NaN;
  private destroyed = false;

  constructor(
    private readonly app: Application,
    private readonly deps: TimelineDeps,
  ) {
    this.fades = buildFadeShapes(deps.fadeGain);
    this.stripes = createStripeTexture();
    const stage = app.stage;
    stage.eventMode = "none";
    const background = new Container();
    const gridLayer = new Container();
    const overlayLayer = new Container();
    this.lanes = new SpritePool(this.laneLayer);
    this.grid = new SpritePool(gridLayer);
    this.overlay = new SpritePool(overlayLayer);
    this.background = new Sprite(Texture.WHITE);
    background.addChild(this.background);
    this.scrollLayer.addChild(gridLayer, this.clipLayer, overlayLayer);
    stage.addChild(
      background,
      this.laneLayer,
      this.scrollLayer,
      this.ruler.container,
      this.playhead,
      this.ruler.playheadHead,
    );
  }

  private readonly background: Sprite;

  setPalette(palette: TimelinePalette): void {
    this.palette = palette;
    this.paletteVersion++;
  }

  /** Forces the next frame to lay the scene out again, e.g. after the canvas was resized. */
  invalidate(): void {
    this.window = null;
  }

  /** Called on every animation frame. */
  frame(): void {
    if (this.destroyed) return;
    const { controller, viewport, interaction } = this.deps;
    const state = controller.state;
    const project = state.history.present;
    const ui = state.ui;
    const playheadBeats = controller.playheadBeats();
    if (viewport.pixelsPerBeat !== this.lastPixelsPerBeat) {
      this.lastPixelsPerBeat = viewport.pixelsPerBeat;
      this.zoomedAt = performance.now();
    }
    if (ui.follow && this.deps.isPlaying()) this.follow(playheadBeats);

    const sourcesVersion = this.deps.sources?.version ?? -1;
    const drawn = this.drawn;
    let render = false;
    this.syncProject(project);
    const stale =
      drawn.project !== project ||
      drawn.ui !== ui ||
      drawn.sources !== sourcesVersion ||
      drawn.interaction !== interaction.version ||
      drawn.palette !== this.paletteVersion ||
      !this.windowCovers(viewport);
    if (stale) {
      this.layOut(project, ui);
      drawn.project = project;
      drawn.ui = ui;
      drawn.sources = sourcesVersion;
      drawn.interaction = interaction.version;
      drawn.palette = this.paletteVersion;
      this.placedView = -1;
      render = true;
    }
    if (!stale && this.pendingWaves.length > 0) {
      this.refineWaves();
      render = true;
    }
    if (this.animated.length > 0) {
      const now = performance.now();
      for (const view of this.animated) view.animate(now);
      render = true;
    }
    if (this.placedView !== viewport.version) {
      this.place();
      this.placedView = viewport.version;
      render = true;
    }
    const x = Math.round((playheadBeats - viewport.startBeat) * viewport.pixelsPerBeat);
    if (x !== this.playheadX || render) {
      this.playheadX = x;
      const inView = x >= -1 && x <= viewport.width + 1;
      this.playhead.visible = inView;
      this.ruler.playheadHead.visible = inView;
      this.playhead.x = x;
      this.playhead.width = 1;
      this.playhead.height = viewport.height;
      setTint(this.playhead, this.palette.playhead);
      this.ruler.playheadHead.x = x + 0.5;
      this.ruler.playheadHead.y = RULER_HEIGHT - 10;
      setTint(this.ruler.playheadHead, this.palette.playhead);
      render = true;
    }
    if (render && viewport.width > 0 && viewport.height > 0) this.app.render();
  }

  /** Which waveforms may be drawn now: within the budget (one at least), and not while zooming. */
  private waveBuilds(builtOne: boolean, deadline: number): WaveBuilds {
    if (builtOne && performance.now() >= deadline) return "none";
    return performance.now() - this.zoomedAt < ZOOM_SETTLE_MS ? "missing" : "all";
  }

  /** Draws waveforms left from the last layout, within the frame's budget. */
  private refineWaves(): void {
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

  /** Pages the view so the playhead stays on screen while playing. */
  private follow(playheadBeats: number): void {
    const viewport = this.deps.viewport;
    const start = followedStartBeat(
      playheadBeats,
      viewport.startBeat,
      viewport.width / viewport.pixelsPerBeat,
    );
    if (start !== null) viewport.setStartBeat(start);
  }

  private syncProject(project: StudioProjectState): void {
    this.layout = layoutOf(project);
    this.tempo = tempoOf(project);
    this.registry = project.markersRegistry ?? {};
    if (this.selectedTracks.ids !== project.selection.trackIds) {
      this.selectedTracks = { ids: project.selection.trackIds, set: new Set(project.selection.trackIds) };
    }
  }

  private visibleTracks(viewport: Viewport): [number, number] | null {
    return visibleTrackRange(this.layout, viewport.scrollY, viewport.scrollY + viewport.lanesHeight);
  }

  /** Whether the drawn window still holds the view at the same zoom and size. */
  private windowCovers(viewport: Viewport): boolean {
    const window = this.window;
    if (window === null) return false;
    if (
      window.pixelsPerBeat !== viewport.pixelsPerBeat ||
      window.width !== viewport.width ||
      window.height !== viewport.height ||
      viewport.startBeat < window.startBeat ||
      viewport.endBeat > window.endBeat
    ) {
      return false;
    }
    const tracks = this.visibleTracks(viewport);
    return tracks === null || (tracks[0] >= window.firstTrack && tracks[1] <= window.lastTrack);
  }

  /** Moves the layers to the view: all a scroll within the drawn window needs. */
  private place(): void {
    const { viewport } = this.deps;
    const window = this.window;
    if (window === null) return;
    const x = (Math.max(0, window.startBeat) - viewport.startBeat) * viewport.pixelsPerBeat;
    const y = RULER_HEIGHT - viewport.scrollY;
    this.scrollLayer.position.set(x, y);
    this.laneLayer.y = y;
    this.ruler.content.x = x;
    for (const view of this.views.values()) view.stickLabel(viewport.startBeat);
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

  /** Lays the whole scene out for a window around the view. */
  private layOut(project: StudioProjectState, ui: StudioUiState): void {
    const { viewport, interaction } = this.deps;
    const palette = this.palette;
    const { width, height, pixelsPerBeat: ppb } = viewport;
    const layout = this.layout;
    const viewBeats = width / ppb;
    const visible = this.visibleTracks(viewport);
    const count = layout.tracks.length;
    const zooming = this.window !== null && this.window.pixelsPerBeat !== ppb;
    const margin = zooming ? ZOOMING_MARGIN_VIEWS : WINDOW_MARGIN_VIEWS;
    const trackMargin = zooming ? ZOOMING_MARGIN_TRACKS : WINDOW_MARGIN_TRACKS;
    const window: DrawnWindow = {
      startBeat: viewport.startBeat - margin * viewBeats,
      endBeat: viewport.endBeat + margin * viewBeats,
      firstTrack: visible === null ? 0 : Math.max(0, visible[0] - trackMargin),
      lastTrack: visible === null ? -1 : Math.min(count - 1, visible[1] + trackMargin),
      pixelsPerBeat: ppb,
      width,
      height,
    };
    this.window = window;
    const origin = Math.max(0, window.startBeat);
    const xOf = (beat: number) => (beat - origin) * ppb;
    const selected = this.selectedTracks.set;
    const total = totalHeight(layout);

    this.background.width = width;
    this.background.height = height;
    setTint(this.background, palette.background);

    // Lanes, in the tracks' own coordinates.
    this.lanes.begin();
    for (let i = window.firstTrack; i <= window.lastTrack; i++) {
      const track = layout.tracks[i];
      const y = layout.tops[i];
      const tint = selected.has(track.id)
        ? palette.laneSelected
        : i % 2 === 0
          ? palette.lane
          : palette.laneAlt;
      this.lanes.rect(0, y, width, track.height, tint);
      this.lanes.rect(0, y + track.height - 1, width, 1, palette.separator);
      if (track.takeLanesExpanded && track.takeLanes.length > 0) {
        // Take lanes' rows: a shade darker than their track's, the soloed one (heard) marked.
        const laneTint = mix(tint, palette.background, 0.5);
        const soloed = soloedLaneIndex(track);
        for (const row of rowsOf(layout, i)) {
          if (row.lane < 0) continue;
          this.lanes.rect(0, row.top, width, row.height, laneTint);
          if (row.lane === soloed) this.lanes.rect(0, row.top, width, row.height, palette.accent, 0.08);
          this.lanes.rect(0, row.top + row.height - 1, width, 1, palette.separator);
        }
      }
    }
    this.lanes.end();

    // Grid: bar lines stronger than the grid's own.
    this.grid.begin();
    const step = drawnGridStep(ui.gridMultiplier, ppb);
    if (total > 0) {
      const first = Math.ceil(origin / step);
      const last = Math.floor(window.endBeat / step);
      for (let k = first; k <= last; k++) {
        const beat = k * step;
        const bar = Math.abs(beat % 4) < 1e-9;
        this.grid.rect(Math.round(xOf(beat)), 0, 1, total, bar ? palette.gridBar : palette.grid);
      }
    }
    this.grid.end();

    this.drawClips(ui, window, origin);

    // Overlays: the loop's span, the selected range, a file being dropped.
    this.overlay.begin();
    const { loop } = project;
    if (loop.enabled && loop.endBeats > loop.startBeats && total > 0) {
      const x0 = xOf(Math.max(origin, loop.startBeats));
      const x1 = xOf(Math.min(window.endBeat, loop.endBeats));
      if (x1 > x0) this.overlay.rect(x0, 0, x1 - x0, total, palette.loop, 0.045);
    }
    const { anchorBeats, focusBeats } = project.selection;
    const from = Math.max(origin, Math.min(anchorBeats, focusBeats));
    const to = Math.min(window.endBeat, Math.max(anchorBeats, focusBeats));
    if (Math.abs(focusBeats - anchorBeats) > 1e-6 && to > from) {
      const x0 = xOf(from);
      const x1 = xOf(to);
      for (let i = window.firstTrack; i <= window.lastTrack; i++) {
        const track = layout.tracks[i];
        if (!selected.has(track.id)) continue;
        // Over the track's take lanes too: range edits cut them with the track.
        const y = layout.tops[i];
        const h = trackBlockHeight(track) - 1;
        this.overlay.rect(x0, y, x1 - x0, h, palette.selection, 0.22);
        this.overlay.rect(x0, y, 1, h, palette.selection, 0.9);
        this.overlay.rect(x1 - 1, y, 1, h, palette.selection, 0.9);
      }
    }
    // Clip creation intents, drawn plainly over the track's row.
    for (let i = window.firstTrack; i <= window.lastTrack; i++) {
      const track = layout.tracks[i];
      if (track.clipCreationIntents.length === 0) continue;
      const y = layout.tops[i];
      for (const mark of laneMarks(track, origin, window.endBeat)) {
        const x0 = xOf(Math.max(origin, mark.startBeats));
        const x1 = xOf(Math.min(window.endBeat, mark.endBeats));
        if (x1 <= x0) continue;
        this.overlay.rect(x0, y + mark.y, x1 - x0, mark.height, palette.accent, 0.14);
        this.overlay.rect(x0, y + mark.y, 1, mark.height, palette.accent, 0.8);
        this.overlay.rect(x1 - 1, y + mark.y, 1, mark.height, palette.accent, 0.8);
      }
    }
    const hint = interaction.dropHint;
    if (hint !== null && hint.trackIndex >= 0 && hint.trackIndex < count) {
      const y = layout.tops[hint.trackIndex];
      const h = layout.tracks[hint.trackIndex].height;
      this.overlay.rect(xOf(origin), y, xOf(window.endBeat) - xOf(origin), h, palette.accent, 0.12);
      this.overlay.rect(xOf(hint.beat), y, 2, h, palette.accent);
    }
    this.overlay.end();

    this.ruler.draw(project, origin, window.endBeat, ppb, width, palette);
  }

  private drawClips(ui: StudioUiState, window: DrawnWindow, origin: number): void {
    const { interaction } = this.deps;
    const sources = this.deps.sources;
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
      tempo: this.tempo as TempoMap,
      registry: this.registry,
      palette: this.palette,
    };
    const selectedClipId = ui.selectedClip?.clipId ?? null;
    for (let i = window.firstTrack; i <= window.lastTrack; i++) {
      const track = this.layout.tracks[i];
      const trackColor = this.trackColor(track);
      const lanes = track.takeLanesExpanded && track.takeLanes.length > 0;
      const rows = lanes ? rowsOf(this.layout, i) : null;
      const soloed = lanes ? soloedLaneIndex(track) : -1;
      for (let r = 0; r < (rows === null ? 1 : rows.length); r++) {
        const lane = rows === null ? -1 : rows[r].lane;
        frame.top = rows === null ? this.layout.tops[i] : rows[r].top;
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
              selected: clip.id === selectedClipId,
              hovered: clip.id === interaction.hoveredClipId,
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
    this.clipLayer.addChild(view.container);
    return view;
  }

  destroy(): void {
    this.destroyed = true;
    for (const view of [...this.views.values(), ...this.freeViews]) view.destroy();
    this.views.clear();
    this.freeViews.length = 0;
  }
}
