// Re-encodes one image off the server's event loop (see run-image-thread.ts).
import { parentPort } from "node:worker_threads";
import { type ImageCut, ImageRejected, reencodeImage } from "./reencode-image.ts";

/** What the image thread answers. */
export type ImageThreadResponse =
  | { readonly type: "done"; readonly jpeg: Uint8Array; readonly width: number; readonly height: number }
  | { readonly type: "refused"; readonly detail: string }
  | { readonly type: "error"; readonly error: string };

const port = parentPort;
if (!port) throw new Error("image-thread.ts runs in a worker thread");

/** What the image thread is sent: the image, the square it is fitted in and what of it is kept. */
export interface ImageThreadRequest {
  readonly bytes: Uint8Array;
  readonly maxSide: number;
  readonly cut: ImageCut;
}

port.once("message", async ({ bytes, maxSide, cut }: ImageThreadRequest) => {
  let response: ImageThreadResponse;
  try {
    const image = await reencodeImage(bytes, maxSide, cut);
    response = { type: "done", jpeg: new Uint8Array(image.jpeg), width: image.width, height: image.height };
  } catch (error) {
    response =
      error instanceof ImageRejected
        ? { type: "refused", detail: error.message }
        : { type: "error", error: String(error) };
  }
  port.postMessage(response);
});
