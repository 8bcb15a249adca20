// The timeline's view: zoom and scroll. It changes on every wheel tick and while following the
// playhead, so it is a plain mutable object read by the renderer on animation frames, never React
// state. `version` tells readers whether to look again.

import {
  INITIAL_PIXELS_PER_BEAT,
  MAX_PIXELS_PER_BEAT,
  MIN_PIXELS_PER_BEAT,
  RULER_HEIGHT,
} from "./constants.ts";
import { fitPixelsPerBeat } from "./fit-zoom.ts";

export class Viewport {
  pixelsPerBeat = INITIAL_PIXELS_PER_BEAT;
  /** The beat at the left edge of the canvas. */
  startBeat = 0;
  /** Pixels scrolled down through the tracks. */
  scrollY = 0;
  /** The canvas size in CSS pixels (the ruler included). */
  width = 0;
  height = 0;
  version = 0;
  private readonly listeners = new Set<() => void>();
  /** The project length to fit once the canvas has a width, or null once fitted (or never asked). */
  private fitBeats: number | null = null;

  get lanesHeight(): number {
    return Math.max(0, this.height - RULER_HEIGHT);
  }

  get endBeat(): number {
    return this.startBeat + this.width / this.pixelsPerBeat;
  }

  xOf(beat: number): number {
    return (beat - this.startBeat) * this.pixelsPerBeat;
  }

  beatAt(x: number): number {
    return this.startBeat + x / this.pixelsPerBeat;
  }

  /** y on the canvas of a y in the tracks' own coordinates (0 = top of the first track). */
  yOf(trackY: number): number {
    return RULER_HEIGHT + trackY - this.scrollY;
  }

  trackYAt(y: number): number {
    return y - RULER_HEIGHT + this.scrollY;
  }

  /** Fits `endBeats` (the project's length) in the view as soon as the canvas has a width. */
  fitOnFirstSize(endBeats: number): void {
    this.fitBeats = endBeats;
    if (this.width > 0) this.setSize(this.width, this.height);
  }

  setSize(width: number, height: number): void {
    const fitting = this.fitBeats !== null && width > 0;
    if (width === this.width && height === this.height && !fitting) return;
    this.width = width;
    this.height = height;
    if (fitting) {
      this.pixelsPerBeat = fitPixelsPerBeat(this.fitBeats ?? 0, width);
      this.startBeat = 0;
      this.fitBeats = null;
    }
    this.changed();
  }

  setStartBeat(beat: number): void {
    const next = Math.max(0, beat);
    if (next === this.startBeat) return;
    this.startBeat = next;
    this.changed();
  }

  setScrollY(y: number): void {
    const next = Math.max(0, y);
    if (next === this.scrollY) return;
    this.scrollY = next;
    this.changed();
  }

  /** Zooms keeping the beat under x (canvas pixels) where it is. */
  zoomAt(pixelsPerBeat: number, x: number): void {
    const next = Math.min(MAX_PIXELS_PER_BEAT, Math.max(MIN_PIXELS_PER_BEAT, pixelsPerBeat));
    if (next === this.pixelsPerBeat) return;
    const anchor = this.beatAt(x);
    this.pixelsPerBeat = next;
    this.startBeat = Math.max(0, anchor - x / next);
    this.changed();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
