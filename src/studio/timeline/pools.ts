// Display objects reused across frames: the renderer asks for as many as it needs each frame and
// the rest are hidden, so scrolling creates nothing once the pools have grown.

import { BitmapText, type Container, Sprite, type TextStyleOptions, Texture } from "pixi.js";
import { setTint } from "./tint.ts";

export class SpritePool {
  private readonly sprites: Sprite[] = [];
  private used = 0;

  constructor(
    private readonly parent: Container,
    private readonly texture: Texture = Texture.WHITE,
  ) {}

  begin(): void {
    this.used = 0;
  }

  next(): Sprite {
    let sprite = this.sprites[this.used];
    if (sprite === undefined) {
      sprite = new Sprite(this.texture);
      this.sprites.push(sprite);
      this.parent.addChild(sprite);
    }
    this.used++;
    sprite.visible = true;
    return sprite;
  }

  /** A thin rectangle: the common case (grid lines, ticks, bands). */
  rect(x: number, y: number, width: number, height: number, tint: number, alpha = 1): Sprite {
    const sprite = this.next();
    sprite.x = x;
    sprite.y = y;
    sprite.width = width;
    sprite.height = height;
    setTint(sprite, tint);
    sprite.alpha = alpha;
    return sprite;
  }

  end(): void {
    for (let i = this.used; i < this.sprites.length; i++) {
      const sprite = this.sprites[i];
      if (sprite.visible) sprite.visible = false;
    }
  }
}

export class LabelPool {
  private readonly labels: BitmapText[] = [];
  private used = 0;

  constructor(
    private readonly parent: Container,
    private readonly style: TextStyleOptions,
  ) {}

  begin(): void {
    this.used = 0;
  }

  /** A label showing `text`; the text is only set (and laid out again) when it differs. */
  next(text: string, x: number, y: number, tint: number): BitmapText {
    let label = this.labels[this.used];
    if (label === undefined) {
      label = new BitmapText({ text, style: this.style });
      this.labels.push(label);
      this.parent.addChild(label);
    }
    this.used++;
    if (label.text !== text) label.text = text;
    label.x = x;
    label.y = y;
    setTint(label, tint);
    label.visible = true;
    return label;
  }

  end(): void {
    for (let i = this.used; i < this.labels.length; i++) {
      const label = this.labels[i];
      if (label.visible) label.visible = false;
    }
  }
}
