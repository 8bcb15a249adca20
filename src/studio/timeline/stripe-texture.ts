import { Texture } from "pixi.js";

/** Diagonal stripes, tiled over clips still arriving (streaming, uploading). */
export function createStripeTexture(): Texture {
  const size = 16;
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d");
  if (context !== null) {
    context.strokeStyle = "#ffffff";
    context.lineWidth = 4;
    context.beginPath();
    for (let offset = -size; offset <= size; offset += size) {
      context.moveTo(offset, size);
      context.lineTo(offset + size, 0);
    }
    context.stroke();
  }
  return Texture.from(canvas);
}
