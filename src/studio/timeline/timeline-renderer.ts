// The timeline canvas, drawn imperatively: React mounts the canvas, this draws it. Each animation
// frame reads the playhead from the engine's shared memory. The scene is laid out over a window
// a little larger than the view; scrolling within it only moves two layers, and the scene is laid
// out again only when the project, the UI state, the zoom, the sources or the hover changed, or
// the view left the window. Nothing is drawn at all when nothing moved. Each thing drawn is its
// own layer: lanes, grid, clips, overlays, ruler and playhead.

import { type Application, Container, Sprite, Texture } from "pixi.js";
import type { MarkersRegistry, StudioProjectState } from "../../shared/project/index.ts";
import type { TempoMap } from "../../shared/timing/tempo-map.ts";
import type { SourceLibrary } from "../audio/source-library.ts";
import type { StudioController } from "../store/studio-controller.ts";
import type { StudioUiState } from "../store/studio-state.ts";
import { ClipLayer } from "./clip-layer.ts";
import { RULER_HEIGHT } from "./constants.ts";
import { buildFadeShapes } from "./fade-shapes.ts";
import { followedStartBeat } from "./follow.ts";
import { GridLayer } from "./grid-layer.ts";
import type { InteractionState } from "./interaction-state.ts";
import { LaneLayer } from "./lane-layer.ts";
import { OverlayLayer } from "./overlay-layer.ts";
import { DEFAULT_PALETTE, type TimelinePalette } from "./palette.ts";
import { PlayheadLayer } from "./playhead-layer.ts";
import { layoutOf, tempoOf } from "./project-geometry.ts";
import { RulerLayer } from "./ruler-layer.ts";
import type { DrawnWindow, Scene } from "./scene.ts";
import { createStripeTexture } from "./stripe-texture.ts";
import { setTint } from "./tint.ts";
import { layoutTracks, type TrackLayout, totalHeight, visibleTrackRange } from "./track-layout.ts";
import type { Viewport } from "./viewport.ts";

/**
 * The drawn window reaches this many view widths beyond each side of the view, and this many
 * tracks above and below: room to scroll before laying out again. While zooming every frame lays
 * out anyway, so the window is kept to the view.
 */
const WINDOW_MARGIN_VIEWS = 0.5;
const WINDOW_MARGIN_TRACKS = 4;
const ZOOMING_MARGIN_VIEWS = 0.05;
const ZOOMING_MARGIN_TRACKS = 1;

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

export class TimelineRenderer {
  private readonly background = new Sprite(Texture.WHITE);
  /** Scrolled vertically: the lanes' backgrounds. */
  private readonly lanes = new LaneLayer();
  /** Scrolled both ways: grid, clips and overlays, in pixels from the window's start. */
  private readonly scrollLayer = new Container({ isRenderGroup: true });
  private readonly grid = new GridLayer();
  private readonly clips: ClipLayer;
  private readonly overlay = new OverlayLayer();
  private readonly ruler = new RulerLayer();
  private readonly playhead: PlayheadLayer;
  private palette: TimelinePalette = DEFAULT_PALETTE;
  private paletteVersion = 0;

  private layout: TrackLayout = layoutTracks([]);
  private tempo: TempoMap | null = null;
  private registry: MarkersRegistry = {};
  private selectedTracks: { ids: readonly string[]; set: ReadonlySet<string> } = { ids: [], set: new Set() };
  /** What the scene was last laid out for: laid out again when any of it changes. */
  private drawn = {
    project: null as StudioProjectState | null,
    ui: null as StudioUiState | null,
    sources: -1,
    interaction: -1,
    palette: -1,
  };
  private window: DrawnWindow | null = null;
  private placedView = -1;
  private lastPixelsPerBeat = 0;
  private destroyed = false;

  constructor(
    private readonly app: Application,
    private readonly deps: TimelineDeps,
  ) {
    this.clips = new ClipLayer(buildFadeShapes(deps.fadeGain), createStripeTexture());
    this.playhead = new PlayheadLayer(this.ruler.playheadHead);
    const stage = app.stage;
    stage.eventMode = "none";
    const background = new Container();
    background.addChild(this.background);
    this.scrollLayer.addChild(this.grid.container, this.clips.container, this.overlay.container);
    stage.addChild(
      background,
      this.lanes.container,
      this.scrollLayer,
      this.ruler.container,
      this.playhead.line,
      this.ruler.playheadHead,
    );
  }

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
      this.clips.zoomed(performance.now());
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
    if (!stale && this.clips.hasPendingWaves) {
      this.clips.refineWaves();
      render = true;
    }
    if (this.clips.isAnimated) {
      this.clips.animate(performance.now());
      render = true;
    }
    if (this.placedView !== viewport.version) {
      this.place();
      this.placedView = viewport.version;
      render = true;
    }
    const x = Math.round((playheadBeats - viewport.startBeat) * viewport.pixelsPerBeat);
    if (this.playhead.place(x, viewport.width, viewport.height, this.palette, render)) render = true;
    if (render && viewport.width > 0 && viewport.height > 0) this.app.render();
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
    this.lanes.container.y = y;
    this.ruler.content.x = x;
    this.clips.stickLabels(viewport.startBeat);
  }

  /** The window around the view the scene is laid out for: wide while scrolling, tight while zooming. */
  private windowAround(viewport: Viewport): DrawnWindow {
    const { width, height, pixelsPerBeat: ppb } = viewport;
    const viewBeats = width / ppb;
    const visible = this.visibleTracks(viewport);
    const zooming = this.window !== null && this.window.pixelsPerBeat !== ppb;
    const margin = zooming ? ZOOMING_MARGIN_VIEWS : WINDOW_MARGIN_VIEWS;
    const trackMargin = zooming ? ZOOMING_MARGIN_TRACKS : WINDOW_MARGIN_TRACKS;
    return {
      startBeat: viewport.startBeat - margin * viewBeats,
      endBeat: viewport.endBeat + margin * viewBeats,
      firstTrack: visible === null ? 0 : Math.max(0, visible[0] - trackMargin),
      lastTrack: visible === null ? -1 : Math.min(this.layout.tracks.length - 1, visible[1] + trackMargin),
      pixelsPerBeat: ppb,
      width,
      height,
    };
  }

  /** Lays the whole scene out for a window around the view, layer by layer. */
  private layOut(project: StudioProjectState, ui: StudioUiState): void {
    const { viewport, interaction } = this.deps;
    const window = this.windowAround(viewport);
    this.window = window;
    const scene: Scene = {
      window,
      origin: Math.max(0, window.startBeat),
      layout: this.layout,
      palette: this.palette,
      selected: this.selectedTracks.set,
      total: totalHeight(this.layout),
    };
    this.background.width = window.width;
    this.background.height = window.height;
    setTint(this.background, this.palette.background);
    this.lanes.draw(scene);
    this.grid.draw(scene, ui.gridMultiplier);
    if (this.tempo !== null) {
      this.clips.draw(scene, {
        tempo: this.tempo,
        registry: this.registry,
        sources: this.deps.sources,
        selectedClipId: ui.selectedClip?.clipId ?? null,
        hoveredClipId: interaction.hoveredClipId,
      });
    }
    this.overlay.draw(scene, project, interaction.dropHint);
    this.ruler.draw(project, scene.origin, window.endBeat, window.pixelsPerBeat, window.width, this.palette);
  }

  destroy(): void {
    this.destroyed = true;
    this.clips.destroy();
  }
}
