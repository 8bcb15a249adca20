import { IMAGE_SIDE_MAX } from "../../shared/api/images.ts";
import { HttpError } from "../http/errors.ts";
import { runOneShotThread } from "../threads/one-shot-thread.ts";
import type { ImageThreadRequest, ImageThreadResponse } from "./image-thread.ts";
import type { ImageCut } from "./reencode-image.ts";

const ENTRY = new URL("./image-thread.mjs", import.meta.url);

/** Ours: decoding the largest image taken takes a few seconds; much longer means something is wrong. */
const IMAGE_TIMEOUT_MS = 60_000;

/**
 * An image re-encoded as our JPEG, cut as asked and fitted within `maxSide`, in a thread of its
 * own, so decoding megapixels never holds up other requests. An image the user can fix
 * (unreadable, too large, a crop outside it) rejects with a 400 saying so.
 */
export function runImageThread(
  bytes: Uint8Array,
  maxSide: number = IMAGE_SIDE_MAX,
  cut: ImageCut = "whole",
): Promise<{ jpeg: Uint8Array; width: number; height: number }> {
  const copy = bytes.slice();
  const request: ImageThreadRequest = { bytes: copy, maxSide, cut };
  return runOneShotThread<ImageThreadResponse, { jpeg: Uint8Array; width: number; height: number }>(
    ENTRY,
    request,
    [copy.buffer],
    {
      name: "image re-encoding",
      timeoutMs: IMAGE_TIMEOUT_MS,
      timeoutError: () => new Error("The image re-encoding timed out"),
      onMessage: (response) => {
        if (response.type === "refused") return new HttpError(400, response.detail);
        if (response.type === "error") return new Error(`The image re-encoding failed: ${response.error}`);
        return response;
      },
    },
  ).result;
}
