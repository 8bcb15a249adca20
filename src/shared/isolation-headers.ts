/**
 * Cross-origin isolation, which SharedArrayBuffer needs: the engine shares the
 * playhead and meters with the audio thread through one. Sent by the dev server
 * and by our server on every response.
 */
export const CROSS_ORIGIN_ISOLATION_HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
} as const;
