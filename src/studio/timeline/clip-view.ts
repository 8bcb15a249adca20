// One clip on the canvas: body, name band, waveform, fades, loop marks, handles and outline. Views
// are pooled by the renderer and handed from clip to clip as they scroll in and out; everything
// costly (the waveform, the label's text) is redone only when what it shows changed.

import {
  BitmapText,
  BufferImageSource,
  Container,
  Graphics,
  Rectangle,
  Sprite,
  Texture,
  TilingSprite,
} from "pixi.js";
import type { MarkersRegistry, StudioClip } from "../../shared/project/index.ts";
import type { TempoMap } from "../../shared/timing/tempo-map.ts";
import type { SourcePeaks } from "../audio/source-library.ts";
import { type ClipTiming, clipTiming, loopWrapBeats } from "./clip-timing.ts";
import { CLIP_HEADER_PX, FADE_HANDLE_PX, WAVE_MAX_COLUMNS, WAVE_TEXTURE_HEIGHT } from "./constants.ts";
import type { FadeShapes } from "./fade-shapes.ts";
import { mix, type TimelinePalette } from "./palette.ts";
import { setTint } from "./tint.ts";
import { rasterizeWaveform } from "./waveform-raster.ts";

export interface ClipLook {
  readonly clip: StudioClip;
  /** The clip's colour (its own or its track's) as 0xRRGGBB. */
  readonly color: number;
  readonly selected: boolean;
  readonly hovered: boolean;
  /** Streaming in, or an upload still on its way: drawn striped. */
  readonly pending: boolean;
  /** Its audio cannot arrive (a file dropped in an earlier visit that never reached the server). */
  readonly missing: boolean;
  /** A take lane's clip not heard now (another lane, or the track's own clips, play): drawn faded. */
  readonly dimmed?: boolean;
  readonly peaks: SourcePeaks | undefined;
}

/**
 * Where a clip is drawn. Views live in the timeline's scrolled layer, in pixels from `originBeat`;
 * only the part inside the drawn window (the view and some margin) is laid out, so scrolling
 * within the window moves the layer and redraws nothing.
 */
/**
 * Which waveforms a frame may draw: none (its budget is spent), only those with nothing to show
 * (while zooming, the others stretch their last drawing until the zoom settles), or any.
 */
export type WaveBuilds = "none" | "missing" | "all";

export interface ClipFrame {
  readonly top: number;
  readonly height: number;
  readonly pixelsPerBeat: number;
  readonly originBeat: number;
  readonly windowStart: number;
  readonly windowEnd: number;
  readonly tempo: TempoMap;
  /** The project's shared warp marker lists, for warped clips' waveforms. */
  readonly registry: MarkersRegistry;
  readonly palette: TimelinePalette;
}

export const LABEL_STYLE = {
  fontFamily: "system-ui, -apple-system, Segoe UI, sans-serif",
  fontSize: 11,
  fill: 0xffffff,
};

const MAX_LOOP_MARKS = 64;
/** Clips narrower than this on screen are drawn as a plain bar. */
const TINY_CLIP_PX = 12;

/** The zoom a waveform is drawn at: the nearest power of two, so small zoom steps only stretch it. */
const waveZoom = (pixelsPerBeat: number): number => 2 ** Math.round(Math.log2(pixelsPerBeat));

interface WaveBuild {
  readonly clip: StudioClip;
  readonly peaks: SourcePeaks;
  readonly tempo: TempoMap;
  readonly zoom: number;
  readonly fromBeat: number;
  readonly toBeat: number;
}

export class ClipView {
  readonly container = new Container();
  private readonly body = new Sprite(Texture.WHITE);
  private readonly band = new Sprite(Texture.WHITE);
  private readonly fadeIn: Graphics;
  private readonly fadeOut: Graphics;
  private readonly fadeInHandle = new Sprite(Texture.WHITE);
  private readonly fadeOutHandle = new Sprite(Texture.WHITE);
  private readonly marks = new Container();
  private readonly outline = [0, 1, 2, 3].map(() => new Sprite(Texture.WHITE));
  private readonly label: BitmapText;
  private stripes: TilingSprite | null = null;
  private wave: Sprite | null = null;
  private waveSource: BufferImageSource | null = null;
  private wavePixels: Uint32Array | null = null;
  private waveStride = 0;
  private built: WaveBuild | null = null;
  private lastLook: ClipLook | null = null;
  private lastFrame: ClipFrame | null = null;
  private lastInner = 0;
  private labelName: string | null = null;
  private labelState = "";
  private labelMuted = false;
  private labelTextWidth = 0;
  private timing: ClipTiming | null = null;
  private timingOf: { clip: StudioClip; tempo: TempoMap; registry: MarkersRegistry } | null = null;
  private readonly wraps: number[] = [];
  private startBeats = 0;
  private pixelsPerBeat = 1;
  private shownLeft = 0;
  private shownRight = 0;
  private labelWidth = 0;
  /** The frame stamp of the last frame that showed this view. */
  stamp = 0;
  clipId = "";

  constructor(
    fades: FadeShapes,
    private readonly stripeTexture: Texture,
  ) {
    this.fadeIn = new Graphics(fades.fadeIn);
    this.fadeOut = new Graphics(fades.fadeOut);
    this.label = new BitmapText({ text: "", style: LABEL_STYLE });
    this.container.addChild(this.body, this.marks, this.fadeIn, this.fadeOut, this.band, this.label);
    this.container.addChild(this.fadeInHandle, this.fadeOutHandle, ...this.outline);
    this.fadeInHandle.width = this.fadeInHandle.height = FADE_HANDLE_PX;
    this.fadeOutHandle.width = this.fadeOutHandle.height = FADE_HANDLE_PX;
  }

  /**
   * Positions and styles the view for a frame. Returns false when the waveform wants redrawing
   * but the frame's budget is spent: the caller draws another frame soon.
   */
  draw(look: ClipLook, frame: ClipFrame, builds: WaveBuilds): { built: boolean; settled: boolean } {
    const { clip } = look;
    const { pixelsPerBeat, palette } = frame;
    const x0 = (clip.startBeats - frame.originBeat) * pixelsPerBeat;
    const width = Math.max(1, (clip.endBeats - clip.startBeats) * pixelsPerBeat);
    const height = Math.max(4, frame.height - 1);
    const inner = Math.max(0, height - CLIP_HEADER_PX);
    // Only the part inside the drawn window is laid out, so huge clips stay precise.
    const left = Math.max(0, (frame.windowStart - clip.startBeats) * pixelsPerBeat - 2);
    const right = Math.min(width, (frame.windowEnd - clip.startBeats) * pixelsPerBeat + 2);
    const shown = Math.max(0, right - left);
    this.container.x = x0;
    this.container.y = frame.top;
    this.startBeats = clip.startBeats;
    this.pixelsPerBeat = pixelsPerBeat;
    this.shownLeft = left;
    this.shownRight = right;

    // A clip without its audio is drawn greyed like a muted one; only a muted one says so.
    const muted = clip.mute || look.missing;
    const base = look.color;
    const bodyColor = mix(palette.lane, base, palette.dark ? 0.42 : 0.3);
    const bandColor = mix(base, palette.dark ? 0x000000 : 0xffffff, look.selected ? 0 : 0.12);
    this.body.x = left;
    this.body.width = shown;
    this.body.height = height;
    setTint(this.body, muted ? mix(palette.lane, 0x808080, 0.25) : bodyColor);
    this.band.x = left;
    this.band.width = shown;
    this.band.height = Math.min(CLIP_HEADER_PX, height);
    setTint(this.band, muted ? 0x6b6e78 : bandColor);
    this.container.alpha = (muted ? 0.6 : 1) * (look.dimmed === true ? 0.6 : 1);

    // Zoomed far out a clip is a sliver: its colour says enough, and the rest would cost per frame.
    if (width < TINY_CLIP_PX) {
      if (look.selected) setTint(this.body, palette.accent);
      this.hideDetails();
      return { built: false, settled: true };
    }
    this.marks.visible = true;

    // Fades, scaled from the shared unit shapes.
    const fadeInPx = clip.fadeInBeats * pixelsPerBeat;
    const fadeOutPx = clip.fadeOutBeats * pixelsPerBeat;
    const shadeAlpha = palette.dark ? 1 : 0.45;
    this.fadeIn.alpha = shadeAlpha;
    this.fadeOut.alpha = shadeAlpha;
    this.fadeIn.visible = fadeInPx >= 1 && inner > 0;
    if (this.fadeIn.visible) {
      this.fadeIn.position.set(0, CLIP_HEADER_PX);
      this.fadeIn.scale.set(fadeInPx, inner);
    }
    this.fadeOut.visible = fadeOutPx >= 1 && inner > 0;
    if (this.fadeOut.visible) {
      this.fadeOut.position.set(width - fadeOutPx, CLIP_HEADER_PX);
      this.fadeOut.scale.set(fadeOutPx, inner);
    }
    const handles = width >= 3 * FADE_HANDLE_PX && (look.hovered || look.selected);
    this.fadeInHandle.visible = handles;
    this.fadeOutHandle.visible = handles;
    if (handles) {
      const half = FADE_HANDLE_PX / 2;
      this.fadeInHandle.position.set(
        Math.min(Math.max(0, fadeInPx - half), width - FADE_HANDLE_PX),
        CLIP_HEADER_PX,
      );
      this.fadeOutHandle.position.set(
        Math.max(0, Math.min(width - fadeOutPx - half, width - FADE_HANDLE_PX)),
        CLIP_HEADER_PX,
      );
    }

    // Selection outline.
    const [top, bottom, leftEdge, rightEdge] = this.outline;
    const outlined = look.selected;
    for (const edge of this.outline) edge.visible = outlined;
    if (outlined) {
      const accent = palette.accent;
      for (const edge of this.outline) setTint(edge, accent);
      top.position.set(left, 0);
      top.width = shown;
      top.height = 2;
      bottom.position.set(left, height - 2);
      bottom.width = shown;
      bottom.height = 2;
      leftEdge.position.set(0, 0);
      leftEdge.width = 2;
      leftEdge.height = height;
      rightEdge.position.set(width - 2, 0);
      rightEdge.width = 2;
      rightEdge.height = height;
      leftEdge.visible = left <= 0;
      rightEdge.visible = right >= width;
    }

    // The name, kept in view while the clip's start is scrolled off the left.
    const pending = look.pending;
    const state = look.missing ? " · audio missing" : pending ? " · loading" : "";
    // The text and its width change rarely: they are worked out again only when they may have.
    if (clip.name !== this.labelName || state !== this.labelState || clip.mute !== this.labelMuted) {
      this.labelName = clip.name;
      this.labelState = state;
      this.labelMuted = clip.mute;
      this.label.text = clip.name + state + (clip.mute ? " (muted)" : "");
      this.labelTextWidth = this.label.width;
    }
    const labelRoom = shown - 8;
    this.label.visible = labelRoom > 12 && height >= 14;
    if (this.label.visible) {
      this.label.x = left + 4;
      this.label.y = 2;
      setTint(this.label, palette.clipText);
      this.label.alpha = this.labelTextWidth > labelRoom ? 0.85 : 1;
    }
    this.labelWidth = this.label.visible ? this.labelTextWidth : 0;

    this.drawStripes(pending, left, shown, height);
    this.drawLoopMarks(clip, frame, height);
    this.lastLook = look;
    this.lastFrame = frame;
    this.lastInner = inner;
    return this.drawWave(look, frame, inner, builds);
  }

  private hideDetails(): void {
    this.fadeIn.visible = false;
    this.fadeOut.visible = false;
    this.fadeInHandle.visible = false;
    this.fadeOutHandle.visible = false;
    for (const edge of this.outline) edge.visible = false;
    this.label.visible = false;
    this.labelWidth = 0;
    this.marks.visible = false;
    if (this.stripes !== null) this.stripes.visible = false;
    if (this.wave !== null) this.wave.visible = false;
    this.lastLook = null;
  }

  /** Draws the waveform the last layout had to leave for later; true once it is up to date. */
  refineWave(builds: WaveBuilds = "all"): boolean {
    const look = this.lastLook;
    const frame = this.lastFrame;
    if (look === null || frame === null) return true;
    return this.drawWave(look, frame, this.lastInner, builds).settled;
  }

  /** Moves the "still arriving" stripes; true while there are any. */
  animate(now: number): boolean {
    const stripes = this.stripes;
    if (stripes === null || !stripes.visible) return false;
    stripes.tilePosition.x = (now / 40) % 16;
    return true;
  }

  private timingFor(clip: StudioClip, tempo: TempoMap, registry: MarkersRegistry): ClipTiming {
    const of = this.timingOf;
    if (of?.clip !== clip || of.tempo !== tempo || of.registry !== registry || this.timing === null) {
      this.timing = clipTiming(clip, tempo, registry);
      this.timingOf = { clip, tempo, registry };
    }
    return this.timing;
  }

  /**
   * Keeps the name in view while the clip's start is scrolled off the left, as the view scrolls
   * within the drawn window (called on frames that draw nothing else).
   */
  stickLabel(viewStartBeat: number): void {
    if (!this.label.visible) return;
    const wanted = (viewStartBeat - this.startBeats) * this.pixelsPerBeat + 4;
    const latest = this.shownRight - this.labelWidth - 4;
    const x = Math.max(this.shownLeft + 4, Math.min(wanted, latest));
    if (x !== this.label.x) this.label.x = x;
  }

  private drawLoopMarks(clip: StudioClip, frame: ClipFrame, height: number): void {
    const timing = this.timingFor(clip, frame.tempo, frame.registry);
    const from = frame.windowStart;
    const to = frame.windowEnd;
    const count =
      timing.loops && frame.pixelsPerBeat > 2
        ? loopWrapBeats(clip, timing, frame.tempo, from, to, MAX_LOOP_MARKS, this.wraps)
        : 0;
    const marks = this.marks.children as Sprite[];
    for (let i = 0; i < count; i++) {
      let mark = marks[i];
      if (mark === undefined) {
        mark = new Sprite(Texture.WHITE);
        mark.alpha = 0.45;
        this.marks.addChild(mark);
      }
      mark.visible = true;
      mark.x = (this.wraps[i] - clip.startBeats) * frame.pixelsPerBeat;
      mark.y = CLIP_HEADER_PX;
      mark.width = 1;
      mark.height = Math.max(0, height - CLIP_HEADER_PX);
      setTint(mark, frame.palette.clipText);
    }
    for (let i = count; i < marks.length; i++) if (marks[i].visible) marks[i].visible = false;
  }

  private drawStripes(pending: boolean, left: number, shown: number, height: number): void {
    if (!pending) {
      if (this.stripes !== null) this.stripes.visible = false;
      return;
    }
    if (this.stripes === null) {
      this.stripes = new TilingSprite({ texture: this.stripeTexture, width: 1, height: 1 });
      this.stripes.alpha = 0.16;
      this.container.addChildAt(this.stripes, 1);
    }
    const stripes = this.stripes;
    stripes.visible = true;
    stripes.x = left;
    stripes.y = CLIP_HEADER_PX;
    stripes.width = shown;
    stripes.height = Math.max(0, height - CLIP_HEADER_PX);
    // Moving stripes say "still arriving"; the renderer keeps drawing while any are shown.
    stripes.tilePosition.x = (performance.now() / 40) % 16;
  }

  private drawWave(
    look: ClipLook,
    frame: ClipFrame,
    inner: number,
    builds: WaveBuilds,
  ): { built: boolean; settled: boolean } {
    const { clip, peaks } = look;
    if (peaks === undefined || inner < 6) {
      if (this.wave !== null) this.wave.visible = false;
      return { built: false, settled: true };
    }
    const { pixelsPerBeat, tempo } = frame;
    const zoom = waveZoom(pixelsPerBeat);
    const viewFrom = Math.max(clip.startBeats, frame.windowStart);
    const viewTo = Math.min(clip.endBeats, frame.windowEnd);
    const built = this.built;
    const current =
      built !== null &&
      built.clip === clip &&
      built.peaks === peaks &&
      built.tempo === tempo &&
      built.fromBeat <= viewFrom + 1e-9 &&
      built.toBeat >= viewTo - 1e-9;
    let didBuild = false;
    if (!(current && built.zoom === zoom)) {
      if (builds === "all" || (builds === "missing" && !current)) {
        this.buildWave(clip, peaks, frame, zoom, viewFrom, viewTo, (frame.windowEnd - frame.windowStart) / 2);
        didBuild = true;
      } else if (!current) {
        // Nothing usable to stretch: leave it blank this frame rather than show another clip's.
        if (this.wave !== null) this.wave.visible = false;
        return { built: false, settled: false };
      }
    }
    const wave = this.wave;
    const done = this.built;
    if (wave === null || done === null) return { built: didBuild, settled: true };
    wave.visible = true;
    wave.x = (done.fromBeat - clip.startBeats) * pixelsPerBeat;
    wave.y = CLIP_HEADER_PX + 1;
    wave.scale.set(pixelsPerBeat / done.zoom, Math.max(1, inner - 2) / WAVE_TEXTURE_HEIGHT);
    setTint(wave, clip.mute ? 0x9a9ca6 : mix(look.color, 0xffffff, frame.palette.dark ? 0.55 : 0.05));
    wave.alpha = frame.palette.dark ? 0.9 : 0.75;
    return { built: didBuild, settled: done.zoom === zoom };
  }

  private buildWave(
    clip: StudioClip,
    peaks: SourcePeaks,
    frame: ClipFrame,
    zoom: number,
    viewFrom: number,
    viewTo: number,
    viewBeats: number,
  ): void {
    // The drawn part and some more either side, so the next windows need no redraw.
    const margin = viewBeats / 2;
    let fromBeat = Math.max(clip.startBeats, viewFrom - margin);
    let toBeat = Math.min(clip.endBeats, viewTo + margin);
    if ((toBeat - fromBeat) * zoom > WAVE_MAX_COLUMNS) {
      const room = WAVE_MAX_COLUMNS / zoom;
      const centre = (viewFrom + viewTo) / 2;
      fromBeat = Math.max(clip.startBeats, centre - room / 2);
      toBeat = Math.min(clip.endBeats, fromBeat + room);
    }
    const columns = Math.max(1, Math.min(WAVE_MAX_COLUMNS, Math.ceil((toBeat - fromBeat) * zoom)));
    this.ensureWaveTexture(columns);
    const pixels = this.wavePixels;
    const source = this.waveSource;
    const wave = this.wave;
    if (pixels === null || source === null || wave === null) return;
    rasterizeWaveform(
      { pixels, stride: this.waveStride, height: WAVE_TEXTURE_HEIGHT },
      { fromBeat, columns, pixelsPerBeat: zoom },
      this.timingFor(clip, frame.tempo, frame.registry),
      frame.tempo,
      peaks,
    );
    const texture = wave.texture;
    texture.frame.width = columns;
    texture.update();
    source.update();
    this.built = { clip, peaks, tempo: frame.tempo, zoom, fromBeat, toBeat: fromBeat + columns / zoom };
  }

  private ensureWaveTexture(columns: number): void {
    if (this.waveSource !== null && this.waveStride >= columns) return;
    // Grown in powers of two, so a view reallocates a few times in its life at most.
    const stride = Math.min(WAVE_MAX_COLUMNS, 2 ** Math.ceil(Math.log2(Math.max(256, columns))));
    const pixels = new Uint32Array(stride * WAVE_TEXTURE_HEIGHT);
    const source = new BufferImageSource({
      resource: new Uint8Array(pixels.buffer),
      width: stride,
      height: WAVE_TEXTURE_HEIGHT,
      scaleMode: "linear",
    });
    const texture = new Texture({
      source,
      frame: new Rectangle(0, 0, columns, WAVE_TEXTURE_HEIGHT),
      dynamic: true,
    });
    if (this.wave === null) {
      this.wave = new Sprite(texture);
      this.container.addChildAt(this.wave, this.container.getChildIndex(this.marks));
    } else {
      const old = this.wave.texture;
      this.wave.texture = texture;
      old.destroy(true);
    }
    this.waveSource = source;
    this.wavePixels = pixels;
    this.waveStride = stride;
    this.built = null;
  }

  /** Taken off screen and back to the pool: keeps its textures for the next clip it shows. */
  hide(): void {
    if (this.container.visible) this.container.visible = false;
  }

  show(clipId: string): void {
    if (this.clipId !== clipId) {
      this.clipId = clipId;
      this.built = null;
    }
    if (!this.container.visible) this.container.visible = true;
  }

  destroy(): void {
    this.wave?.texture.destroy(true);
    this.container.destroy({ children: true });
  }
}
