// What is drawn on a clip besides its body and waveform: fade shapes and their handles, the
// selection outline, the moving stripes of a clip still arriving, and a mark where a looped clip
// starts over. Each keeps its display objects and only places them.

import { Container, Graphics, Sprite, Texture, TilingSprite } from "pixi.js";
import type { StudioClip } from "../../shared/project/index.ts";
import type { ClipBox, ClipFrame } from "./clip-geometry.ts";
import { type ClipTiming, loopWrapBeats } from "./clip-timing.ts";
import { CLIP_HEADER_PX, FADE_HANDLE_PX } from "./constants.ts";
import type { FadeShapes } from "./fade-shapes.ts";
import { setTint } from "./tint.ts";

const MAX_LOOP_MARKS = 64;

/** The fades, scaled from the shared unit shapes, and their handles on a hovered or selected clip. */
export class ClipFades {
  readonly fadeIn: Graphics;
  readonly fadeOut: Graphics;
  readonly fadeInHandle = new Sprite(Texture.WHITE);
  readonly fadeOutHandle = new Sprite(Texture.WHITE);

  constructor(shapes: FadeShapes) {
    this.fadeIn = new Graphics(shapes.fadeIn);
    this.fadeOut = new Graphics(shapes.fadeOut);
    this.fadeInHandle.width = this.fadeInHandle.height = FADE_HANDLE_PX;
    this.fadeOutHandle.width = this.fadeOutHandle.height = FADE_HANDLE_PX;
  }

  draw(clip: StudioClip, box: ClipBox, pixelsPerBeat: number, dark: boolean, handles: boolean): void {
    const { width, inner } = box;
    const fadeInPx = clip.fadeInBeats * pixelsPerBeat;
    const fadeOutPx = clip.fadeOutBeats * pixelsPerBeat;
    const shadeAlpha = dark ? 1 : 0.45;
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
    const shown = handles && width >= 3 * FADE_HANDLE_PX;
    this.fadeInHandle.visible = shown;
    this.fadeOutHandle.visible = shown;
    if (shown) {
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
  }

  hide(): void {
    this.fadeIn.visible = false;
    this.fadeOut.visible = false;
    this.fadeInHandle.visible = false;
    this.fadeOutHandle.visible = false;
  }
}

/** The selection outline: 2 px edges, the side edges only where the clip's ends are laid out. */
export class ClipOutline {
  readonly edges = [0, 1, 2, 3].map(() => new Sprite(Texture.WHITE));

  draw(box: ClipBox, selected: boolean, accent: number): void {
    const { left, right, shown, width, height } = box;
    const [top, bottom, leftEdge, rightEdge] = this.edges;
    for (const edge of this.edges) edge.visible = selected;
    if (!selected) return;
    for (const edge of this.edges) setTint(edge, accent);
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

  hide(): void {
    for (const edge of this.edges) edge.visible = false;
  }
}

/** Moving stripes over a clip still arriving (streaming, uploading); made on first use. */
export class ClipStripes {
  private sprite: TilingSprite | null = null;

  /** `insert` puts the stripes in the view, once, where they belong among its parts. */
  constructor(
    private readonly texture: Texture,
    private readonly insert: (sprite: TilingSprite) => void,
  ) {}

  draw(pending: boolean, box: ClipBox): void {
    if (!pending) {
      this.hide();
      return;
    }
    if (this.sprite === null) {
      this.sprite = new TilingSprite({ texture: this.texture, width: 1, height: 1 });
      this.sprite.alpha = 0.16;
      this.insert(this.sprite);
    }
    const stripes = this.sprite;
    stripes.visible = true;
    stripes.x = box.left;
    stripes.y = CLIP_HEADER_PX;
    stripes.width = box.shown;
    stripes.height = Math.max(0, box.height - CLIP_HEADER_PX);
    // Moving stripes say "still arriving"; the renderer keeps drawing while any are shown.
    this.animate(performance.now());
  }

  /** Moves the stripes; true while there are any. */
  animate(now: number): boolean {
    const stripes = this.sprite;
    if (stripes === null || !stripes.visible) return false;
    stripes.tilePosition.x = (now / 40) % 16;
    return true;
  }

  hide(): void {
    if (this.sprite !== null) this.sprite.visible = false;
  }
}

/** A thin line where a looped clip starts over, when zoomed in enough to tell them apart. */
export class LoopMarks {
  readonly container = new Container();
  private readonly wraps: number[] = [];

  draw(clip: StudioClip, timing: ClipTiming, frame: ClipFrame, height: number): void {
    const count =
      timing.loops && frame.pixelsPerBeat > 2
        ? loopWrapBeats(
            clip,
            timing,
            frame.tempo,
            frame.windowStart,
            frame.windowEnd,
            MAX_LOOP_MARKS,
            this.wraps,
          )
        : 0;
    const marks = this.container.children as Sprite[];
    for (let i = 0; i < count; i++) {
      let mark = marks[i];
      if (mark === undefined) {
        mark = new Sprite(Texture.WHITE);
        mark.alpha = 0.45;
        this.container.addChild(mark);
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
}
