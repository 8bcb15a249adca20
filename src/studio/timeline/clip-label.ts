// A clip's name in its band, with what it is waiting for ("loading", "audio missing") and
// "(muted)"; kept in view while the clip's start is scrolled off the left.

import { BitmapText } from "pixi.js";
import type { StudioClip } from "../../shared/project/index.ts";
import type { ClipBox } from "./clip-geometry.ts";
import type { TimelinePalette } from "./palette.ts";
import { setTint } from "./tint.ts";

export const LABEL_STYLE = {
  fontFamily: "system-ui, -apple-system, Segoe UI, sans-serif",
  fontSize: 11,
  fill: 0xffffff,
};

export class ClipLabel {
  readonly text = new BitmapText({ text: "", style: LABEL_STYLE });
  private name: string | null = null;
  private state = "";
  private muted = false;
  private textWidth = 0;
  /** The drawn label's width; 0 when hidden. */
  private width = 0;
  private startBeats = 0;
  private pixelsPerBeat = 1;
  private shownLeft = 0;
  private shownRight = 0;

  draw(
    clip: StudioClip,
    status: { pending: boolean; missing: boolean },
    box: ClipBox,
    pixelsPerBeat: number,
    palette: TimelinePalette,
  ): void {
    this.startBeats = clip.startBeats;
    this.pixelsPerBeat = pixelsPerBeat;
    this.shownLeft = box.left;
    this.shownRight = box.right;
    const state = status.missing ? " · audio missing" : status.pending ? " · loading" : "";
    const label = this.text;
    // The text and its width change rarely: they are worked out again only when they may have.
    if (clip.name !== this.name || state !== this.state || clip.mute !== this.muted) {
      this.name = clip.name;
      this.state = state;
      this.muted = clip.mute;
      label.text = clip.name + state + (clip.mute ? " (muted)" : "");
      this.textWidth = label.width;
    }
    const room = box.shown - 8;
    label.visible = room > 12 && box.height >= 14;
    if (label.visible) {
      label.x = box.left + 4;
      label.y = 2;
      setTint(label, palette.clipText);
      label.alpha = this.textWidth > room ? 0.85 : 1;
    }
    this.width = label.visible ? this.textWidth : 0;
  }

  hide(): void {
    this.text.visible = false;
    this.width = 0;
  }

  /**
   * Keeps the name in view while the clip's start is scrolled off the left, as the view scrolls
   * within the drawn window (called on frames that draw nothing else).
   */
  stick(viewStartBeat: number): void {
    if (!this.text.visible) return;
    const wanted = (viewStartBeat - this.startBeats) * this.pixelsPerBeat + 4;
    const latest = this.shownRight - this.width - 4;
    const x = Math.max(this.shownLeft + 4, Math.min(wanted, latest));
    if (x !== this.text.x) this.text.x = x;
  }
}
