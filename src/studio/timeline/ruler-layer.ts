// The ruler: bar numbers and beat ticks, the loop range with its handles, the playhead's head.

import { Container, Graphics } from "pixi.js";
import type { StudioProjectState } from "../../shared/project/index.ts";
import { LABEL_STYLE } from "./clip-label.ts";
import { BEATS_PER_BAR, LOOP_HANDLE_PX, RULER_HEIGHT } from "./constants.ts";
import type { TimelinePalette } from "./palette.ts";
import { LabelPool, SpritePool } from "./pools.ts";

/** Bar labels closer than this are thinned out to every 2nd, 4th, ... bar. */
const MIN_LABEL_SPACING_PX = 44;
const LOOP_BAND_PX = 6;

export class RulerLayer {
  readonly container = new Container();
  /** Ticks, labels and the loop, in pixels from the drawn window's start; moved to scroll. */
  readonly content = new Container();
  private readonly background: SpritePool;
  private readonly shapes: SpritePool;
  private readonly labels: LabelPool;
  readonly playheadHead = new Graphics();
  private readonly labelText: string[] = [];

  constructor() {
    const backdrop = new Container();
    this.container.addChild(backdrop, this.content);
    this.background = new SpritePool(backdrop);
    this.shapes = new SpritePool(this.content);
    this.labels = new LabelPool(this.content, { ...LABEL_STYLE, fontSize: 10 });
    this.playheadHead.poly([-6, 0, 6, 0, 0, 9]).fill(0xffffff);
  }

  /** Bar labels are reused strings: "1", "2", ... made once each. */
  private barText(bar: number): string {
    let text = this.labelText[bar];
    if (text === undefined) {
      text = String(bar + 1);
      this.labelText[bar] = text;
    }
    return text;
  }

  /** Lays the ruler out from startBeat to endBeat, in pixels from startBeat; the view is `width` wide. */
  draw(
    project: StudioProjectState,
    startBeat: number,
    endBeat: number,
    ppb: number,
    width: number,
    palette: TimelinePalette,
  ): void {
    this.background.begin();
    this.background.rect(0, 0, width, RULER_HEIGHT, palette.rulerBackground);
    this.background.rect(0, RULER_HEIGHT - 1, width, 1, palette.separator);
    this.background.end();
    const span = (endBeat - startBeat) * ppb;
    this.shapes.begin();
    this.labels.begin();

    // Loop range: a band along the ruler's bottom, handles at its ends.
    const { loop } = project;
    const loopColor = loop.enabled ? palette.loop : palette.loopOff;
    if (loop.endBeats > loop.startBeats) {
      const x0 = (loop.startBeats - startBeat) * ppb;
      const x1 = (loop.endBeats - startBeat) * ppb;
      if (x1 > 0 && x0 < span) {
        const left = Math.max(-LOOP_HANDLE_PX, x0);
        const right = Math.min(span + LOOP_HANDLE_PX, x1);
        this.shapes.rect(
          left,
          RULER_HEIGHT - LOOP_BAND_PX - 1,
          right - left,
          LOOP_BAND_PX,
          loopColor,
          loop.enabled ? 0.75 : 0.45,
        );
        this.shapes.rect(x0 - 1, RULER_HEIGHT - 14, 3, 13, loopColor);
        this.shapes.rect(x1 - 2, RULER_HEIGHT - 14, 3, 13, loopColor);
      }
    }

    // Ticks every beat when they fit, bars always; labels thinned to stay readable.
    const barPx = BEATS_PER_BAR * ppb;
    let labelEvery = 1;
    while (labelEvery * barPx < MIN_LABEL_SPACING_PX && labelEvery < 1 << 16) labelEvery *= 2;
    const beatTicks = ppb >= 10;
    const firstBeat = Math.max(0, Math.floor(startBeat));
    const lastBeat = Math.ceil(endBeat);
    const beatStep = beatTicks ? 1 : BEATS_PER_BAR * Math.max(1, labelEvery / 2);
    const from = Math.floor(firstBeat / beatStep) * beatStep;
    for (let beat = from; beat <= lastBeat; beat += beatStep) {
      const x = Math.round((beat - startBeat) * ppb);
      if (x < -1 || x > span) continue;
      const isBar = beat % BEATS_PER_BAR === 0;
      const bar = beat / BEATS_PER_BAR;
      if (isBar) {
        this.shapes.rect(x, 6, 1, RULER_HEIGHT - 6, palette.rulerTick);
        if (bar % labelEvery === 0) this.labels.next(this.barText(bar), x + 4, 4, palette.rulerText);
      } else {
        this.shapes.rect(x, RULER_HEIGHT - 7, 1, 6, palette.rulerTick, 0.8);
      }
    }
    this.shapes.end();
    this.labels.end();
  }
}
