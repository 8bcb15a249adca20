// The timeline canvas, drawn imperatively: React mounts the canvas, this draws it. Each animation
// frame reads the playhead from the engine's shared memory; the scene itself is only redone when
// the project, the UI state, the view or the sources changed, and nothing is drawn at all when
// nothing moved.

import { type Application, Container, Sprite, Texture } from "pixi.js";
import { clipSourceId } from "../../engine/index.ts";
import type { StudioProjectState, Track } from "../../shared/project/index.ts";
import type { TempoMap } from "../../shared/timing/tempo-map.ts";
import type { SourceLibrary } from "../audio/source-library.ts";
import type { StudioController } from "../store/studio-controller.ts";
import type { StudioUiState } from "../store/studio-state.ts";
import { ClipView } from "./clip-view.ts";
import { RULER_HEIGHT, WAVE_BUDGET_MS } from "./constants.ts";
import { buildFadeShapes, type FadeShapes } from "./fade-shapes.ts";
import { drawnGridStep } from "./grid-spacing.ts";
import type { InteractionState } from "./interaction-state.ts";
import { colorNumber, DEFAULT_PALETTE, type TimelinePalette } from "./palette.ts";
import { SpritePool } from "./pools.ts";
import { layoutOf, tempoOf } from "./project-geometry.ts";
import { RulerLayer } from "./ruler-layer.ts";
import { createStripeTexture } from "./stripe-texture.ts";
import { layoutTracks, type TrackLayout, visibleTrackRange } from "./track-layout.ts";
import type { Viewport } from "./viewport.ts";
import { firstClipEndingAfter } from "./visible-clips.ts";

/** Where the view pages to when following the playhead: it is kept between these fractions. */
const FOLLOW_RIGHT = 0.9;
const FOLLOW_LEFT_AFTER_PAGE = 0.1;

export interface TimelineDeps {
  readonly controller: StudioController;
  readonly viewport: Viewport;
  readonly interaction: InteractionState;
  /** The sources (and their waveforms), once the engine has loaded. */
  sources: SourceLibrary | null;
  /** Whether the transport is playing now, from the engine's shared memory. */
  isPlaying(): boolean;
  fadeGain?: (x: number) => number;
}

export class TimelineRenderer {
  private readonly lanes: SpritePool;
  private readonly grid: SpritePool;
  private readonly clipLayer = new Container();
  private readonly overlay: SpritePool;
  private readonly ruler = new RulerLayer();
  private readonly playhead = new Sprite(Texture.WHITE);
  private readonly fades: FadeShapes;
  private readonly stripes: Texture;
  private readonly views = new Map<string, ClipView>();
  private readonly freeViews: ClipView[] = [];
  private palette: TimelinePalette = DEFAULT_PALETTE;
  private paletteVersion = 0;

  private project: StudioProjectState | null = null;
  private layout: TrackLayout = layoutTracks([]);
  private tempo: TempoMap | null = null;
  private selectedTracks: { ids: readonly string[]; set: ReadonlySet<string> } = { ids: [], set: new Set() };
  private readonly clipColors = new WeakMap<object, number>();
  private drawn = {
    project: null as unknown,
    ui: null as unknown,
    view: -1,
    sources: -1,
    interaction: -1,
    palette: -1,
  };
  private stamp = 0;
  private moreFrames = false;
  private playheadX = Number.NaN;
  private readonly trackColors = new Map<Track, number>();
  private destroyed = false;

  constructor(
    private readonly app: Application,
    private readonly deps: TimelineDeps,
  ) {
    this.fades = buildFadeShapes(deps.fadeGain);
    this.stripes = createStripeTexture();
    const stage = app.stage;
    stage.eventMode = "none";
    const lanes = new Container();
    const grid = new Container();
    const overlay = new Container();
    this.lanes = new SpritePool(lanes);
    this.grid = new SpritePool(grid);
    this.overlay = new SpritePool(overlay);
    this.clipLayer.isRenderGroup = true;
    stage.addChild(
      lanes,
      grid,
      this.clipLayer,
      overlay,
      this.ruler.container,
      this.playhead,
      this.ruler.playheadHead,
    );
  }

  setPalette(palette: TimelinePalette): void {
    this.palette = palette;
    this.paletteVersion++;
  }

  /** Forces the next frame to redraw, e.g. after the canvas was resized. */
  invalidate(): void {
    this.drawn.view = -1;
  }

  /** Called on every animation frame. */
  frame(): void {
    if (this.destroyed) return;
    const { controller, viewport, interaction } = this.deps;
    const state = controller.state;
    const project = state.history.present;
    const ui = state.ui;
    const playing = this.deps.isPlaying();
    const playheadBeats = controller.playheadBeats();
    if (playing && ui.follow) this.follow(playheadBeats);

    const sourcesVersion = this.deps.sources?.version ?? -1;
    const drawn = this.drawn;
    let render = false;
    if (
      this.moreFrames ||
      drawn.project !== project ||
      drawn.ui !== ui ||
      drawn.view !== viewport.version ||
      drawn.sources !== sourcesVersion ||
      drawn.interaction !== interaction.version ||
      drawn.palette !== this.paletteVersion
    ) {
      this.drawScene(project, ui);
      drawn.project = project;
      drawn.ui = ui;
      drawn.view = viewport.version;
      drawn.sources = sourcesVersion;
      drawn.interaction = interaction.version;
      drawn.palette = this.paletteVersion;
      render = true;
    }
    const x = Math.round((playheadBeats - viewport.startBeat) * viewport.pixelsPerBeat);
    if (x !== this.playheadX || render) {
      this.playheadX = x;
      const inView = x >= -1 && x <= viewport.width + 1;
      this.playhead.visible = inView;
      this.ruler.playheadHead.visible = inView;
      this.playhead.x = x;
      this.playhead.y = 0;
      this.playhead.width = 1;
      this.playhead.height = viewport.height;
      this.playhead.tint = this.palette.playhead;
      this.ruler.playheadHead.x = x + 0.5;
      this.ruler.playheadHead.y = RULER_HEIGHT - 10;
      this.ruler.playheadHead.tint = this.palette.playhead;
      render = true;
    }
    if (render && viewport.width > 0 && viewport.height > 0) this.app.render();
  }

  /** Pages the view so the playhead stays on screen while playing. */
  private follow(playheadBeats: number): void {
    const viewport = this.deps.viewport;
    const viewBeats = viewport.width / viewport.pixelsPerBeat;
    if (viewBeats <= 0) return;
    const fraction = (playheadBeats - viewport.startBeat) / viewBeats;
    if (fraction > FOLLOW_RIGHT || fraction < 0) {
      viewport.setStartBeat(playheadBeats - FOLLOW_LEFT_AFTER_PAGE * viewBeats);
    }
  }

  private syncProject(project: StudioProjectState): void {
    const previous = this.project;
    if (previous === project) return;
    if (previous === null || previous.tracks !== project.tracks) this.trackColors.clear();
    this.layout = layoutOf(project);
    this.tempo = tempoOf(project);
    if (this.selectedTracks.ids !== project.selection.trackIds) {
      this.selectedTracks = { ids: project.selection.trackIds, set: new Set(project.selection.trackIds) };
    }
    this.project = project;
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

  private drawScene(project: StudioProjectState, ui: StudioUiState): void {
    this.syncProject(project);
    const { viewport, interaction } = this.deps;
    const palette = this.palette;
    const { width, height, startBeat, pixelsPerBeat: ppb } = viewport;
    const endBeat = viewport.endBeat;
    const layout = this.layout;
    const selected = this.selectedTracks.set;
    const range = visibleTrackRange(layout, viewport.scrollY, viewport.scrollY + viewport.lanesHeight);

    // Lanes.
    this.lanes.begin();
    this.lanes.rect(0, 0, width, height, palette.background);
    if (range !== null) {
      for (let i = range[0]; i <= range[1]; i++) {
        const track = layout.tracks[i];
        const y = viewport.yOf(layout.tops[i]);
        const tint = selected.has(track.id)
          ? palette.laneSelected
          : i % 2 === 0
            ? palette.lane
            : palette.laneAlt;
        this.lanes.rect(0, y, width, track.height, tint);
        this.lanes.rect(0, y + track.height - 1, width, 1, palette.separator);
      }
    }
    this.lanes.end();

    // Grid: bar lines stronger than the grid's own.
    this.grid.begin();
    const step = drawnGridStep(ui.gridMultiplier, ppb);
    const lanesBottom = Math.min(height, viewport.yOf(layout.tops[layout.tracks.length]));
    const gridHeight = Math.max(0, lanesBottom - RULER_HEIGHT);
    if (gridHeight > 0) {
      const first = Math.ceil(startBeat / step);
      const last = Math.floor(endBeat / step);
      for (let k = first; k <= last; k++) {
        const beat = k * step;
        const x = Math.round((beat - startBeat) * ppb);
        const bar = Math.abs(beat % 4) < 1e-9;
        this.grid.rect(x, RULER_HEIGHT, 1, gridHeight, bar ? palette.gridBar : palette.grid);
      }
    }
    this.grid.end();

    // Clips.
    this.drawClips(project, ui, range);

    // Overlays: the loop's span, the selected range, a file being dropped.
    this.overlay.begin();
    const { loop } = project;
    if (loop.enabled && loop.endBeats > loop.startBeats && gridHeight > 0) {
      const x0 = Math.max(0, (loop.startBeats - startBeat) * ppb);
      const x1 = Math.min(width, (loop.endBeats - startBeat) * ppb);
      if (x1 > x0) this.overlay.rect(x0, RULER_HEIGHT, x1 - x0, gridHeight, palette.loop, 0.045);
    }
    const { anchorBeats, focusBeats } = project.selection;
    const from = Math.min(anchorBeats, focusBeats);
    const to = Math.max(anchorBeats, focusBeats);
    if (range !== null && to - from > 1e-6) {
      const x0 = Math.max(-2, (from - startBeat) * ppb);
      const x1 = Math.min(width + 2, (to - startBeat) * ppb);
      for (let i = range[0]; i <= range[1]; i++) {
        const track = layout.tracks[i];
        if (!selected.has(track.id) || x1 <= x0) continue;
        const y = viewport.yOf(layout.tops[i]);
        this.overlay.rect(x0, y, x1 - x0, track.height - 1, palette.selection, 0.22);
        this.overlay.rect(x0, y, 1, track.height - 1, palette.selection, 0.9);
        this.overlay.rect(x1 - 1, y, 1, track.height - 1, palette.selection, 0.9);
      }
    }
    const hint = interaction.dropHint;
    if (hint !== null && hint.trackIndex >= 0 && hint.trackIndex < layout.tracks.length) {
      const y = viewport.yOf(layout.tops[hint.trackIndex]);
      const h = layout.tracks[hint.trackIndex].height;
      this.overlay.rect(0, y, width, h, palette.accent, 0.12);
      this.overlay.rect((hint.beat - startBeat) * ppb, y, 2, h, palette.accent);
    }
    this.overlay.end();

    this.ruler.draw(project, viewport, palette);
  }

  private drawClips(project: StudioProjectState, ui: StudioUiState, range: [number, number] | null): void {
    const { viewport, interaction } = this.deps;
    const sources = this.deps.sources;
    const stamp = ++this.stamp;
    const waveDeadline = performance.now() + WAVE_BUDGET_MS;
    let built = false;
    let more = false;
    const frame = {
      top: 0,
      height: 0,
      pixelsPerBeat: viewport.pixelsPerBeat,
      startBeat: viewport.startBeat,
      viewWidth: viewport.width,
      tempo: this.tempo ?? tempoOf(project),
      palette: this.palette,
    };
    const endBeat = viewport.endBeat;
    const selectedClipId = ui.selectedClip?.clipId ?? null;
    if (range !== null) {
      for (let i = range[0]; i <= range[1]; i++) {
        const track = this.layout.tracks[i];
        const clips = track.clips;
        frame.top = viewport.yOf(this.layout.tops[i]);
        frame.height = track.height;
        const trackColor = this.trackColor(track);
        for (let c = firstClipEndingAfter(clips, viewport.startBeat); c < clips.length; c++) {
          const clip = clips[c];
          if (clip.startBeats >= endBeat) break;
          let view = this.views.get(clip.id);
          if (view === undefined) {
            view = this.freeViews.pop() ?? this.createView();
            this.views.set(clip.id, view);
          }
          view.show(clip.id);
          view.stamp = stamp;
          const source = clipSourceId(clip);
          const peaks = source === null ? undefined : sources?.peaksOf(source);
          const pending = clip.streaming || (source !== null && sources !== null && !sources.has(source));
          const result = view.draw(
            {
              clip,
              color: clip.color === null ? trackColor : this.clipColor(clip, trackColor),
              selected: clip.id === selectedClipId,
              hovered: clip.id === interaction.hoveredClipId,
              pending,
              peaks,
            },
            frame,
            !built || performance.now() < waveDeadline,
          );
          if (result.built) built = true;
          if (!result.settled || pending) more = true;
        }
      }
    }
    for (const [id, view] of this.views) {
      if (view.stamp === stamp) continue;
      view.hide();
      this.views.delete(id);
      this.freeViews.push(view);
    }
    this.moreFrames = more;
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
