// The engine's public surface. Built as its own entry so that browser tests
// can drive the same code the pages run.
export { loadDspModule } from "./dsp-module.ts";
export { createToneNode, stopToneNode, type ToneSettings } from "./tone.ts";
export { startTonePreview, type TonePreview } from "./tone-preview.ts";
