// One clip on the canvas: body, name band, waveform, fades, loop marks, handles and outline. Views
// are pooled by the renderer and handed from clip to clip as they scroll in and out; everything
// costly (the waveform, the label's text) is redone only when what it shows changed. Where the
// parts go is clip-geometry.ts; the waveform clip-wave.ts; the rest clip-decoration.ts and
// clip-label.ts.

import { Container, Sprite, Texture } from "pixi.js";
import type { MarkersRegistry, StudioClip } from "../../shared/project/index.ts";
import type { TempoMap } from "../../shared/timing/tempo-map.ts";
import type { SourcePeaks } from "../audio/source-library.ts";
import { ClipFades, ClipOutline, ClipStripes, LoopMarks } from "./clip-decoration.ts";
import { type ClipFrame, clipBox } from "./clip-geometry.ts";
import { ClipLabel } from "./clip-label.ts";
import { type ClipTiming, clipTiming } from "./clip-timing.ts";
import { ClipWave, type WaveBuilds, type WaveResult } from "./clip-wave.ts";
import { CLIP_HEADER_PX } from "./constants.ts";
import type { FadeShapes } from "./fade-shapes.ts";
import { mix } from "./palette.ts";
import { setTint } from "./tint.ts";

export type { ClipFrame } from "./clip-geometry.ts";
export type { WaveBuilds } from "./clip-wave.ts";

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

/** Clips narrower than this on screen are drawn as a plain bar. */
const TINY_CLIP_PX = 12;

export class ClipView {
  readonly container = new Container();
  private readonly body = new Sprite(Texture.WHITE);
  private readonly band = new Sprite(Texture.WHITE);
  private readonly fades: ClipFades;
  private readonly marks = new LoopMarks();
  private readonly outline = new ClipOutline();
  private readonly label = new ClipLabel();
  private readonly stripes: ClipStripes;
  private readonly wave: ClipWave;
  private lastLook: ClipLook | null = null;
  private lastFrame: ClipFrame | null = null;
  private lastInner = 0;
  private timing: ClipTiming | null = null;
  private timingOf: { clip: StudioClip; tempo: TempoMap; registry: MarkersRegistry } | null = null;
  /** The frame stamp of the last frame that showed this view. */
  stamp = 0;
  clipId = "";

  constructor(fadeShapes: FadeShapes, stripeTexture: Texture) {
    this.fades = new ClipFades(fadeShapes);
    // Stripes go right over the body, the waveform right under the loop marks.
    this.stripes = new ClipStripes(stripeTexture, (sprite) => this.container.addChildAt(sprite, 1));
    this.wave = new ClipWave((sprite) =>
      this.container.addChildAt(sprite, this.container.getChildIndex(this.marks.container)),
    );
    const { fades } = this;
    this.container.addChild(this.body, this.marks.container, fades.fadeIn, fades.fadeOut, this.band);
    this.container.addChild(this.label.text, fades.fadeInHandle, fades.fadeOutHandle, ...this.outline.edges);
  }

  /**
   * Positions and styles the view for a frame. `settled` is false when the waveform wants
   * redrawing but the frame's budget is spent: the caller draws another frame soon.
   */
  draw(look: ClipLook, frame: ClipFrame, builds: WaveBuilds): WaveResult {
    const { clip } = look;
    const { pixelsPerBeat, palette } = frame;
    const box = clipBox(clip, frame);
    const { width, height, left, shown } = box;
    this.container.x = box.x;
    this.container.y = frame.top;

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
    this.marks.container.visible = true;
    this.fades.draw(clip, box, pixelsPerBeat, palette.dark, look.hovered || look.selected);
    this.outline.draw(box, look.selected, palette.accent);
    this.label.draw(clip, look, box, pixelsPerBeat, palette);
    this.stripes.draw(look.pending, box);
    this.marks.draw(clip, this.timingFor(clip, frame.tempo, frame.registry), frame, height);
    this.lastLook = look;
    this.lastFrame = frame;
    this.lastInner = box.inner;
    return this.drawWave(look, frame, box.inner, builds);
  }

  private hideDetails(): void {
    this.fades.hide();
    this.outline.hide();
    this.label.hide();
    this.marks.container.visible = false;
    this.stripes.hide();
    this.wave.hide();
    this.lastLook = null;
  }

  private drawWave(look: ClipLook, frame: ClipFrame, inner: number, builds: WaveBuilds): WaveResult {
    const timing = () => this.timingFor(look.clip, frame.tempo, frame.registry);
    return this.wave.draw(look.clip, look.peaks, look.color, frame, inner, timing, builds);
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
    return this.stripes.animate(now);
  }

  private timingFor(clip: StudioClip, tempo: TempoMap, registry: MarkersRegistry): ClipTiming {
    const of = this.timingOf;
    if (of?.clip !== clip || of.tempo !== tempo || of.registry !== registry || this.timing === null) {
      this.timing = clipTiming(clip, tempo, registry);
      this.timingOf = { clip, tempo, registry };
    }
    return this.timing;
  }

  /** Keeps the name in view while the clip's start is scrolled off the left. */
  stickLabel(viewStartBeat: number): void {
    this.label.stick(viewStartBeat);
  }

  /** Taken off screen and back to the pool: keeps its textures for the next clip it shows. */
  hide(): void {
    if (this.container.visible) this.container.visible = false;
  }

  show(clipId: string): void {
    if (this.clipId !== clipId) {
      this.clipId = clipId;
      this.wave.forget();
    }
    if (!this.container.visible) this.container.visible = true;
  }

  destroy(): void {
    this.wave.destroy();
    this.container.destroy({ children: true });
  }
}
