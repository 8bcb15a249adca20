// The engine's Node entry for audio work: the wasm core and the analyses and conversions the
// server and the generator run on plain PCM. With node-render.ts (project renders), it is all they
// may use of the engine, so they never reach into its files and the engine can reorganise behind
// it; the layering test holds them to that. Everything here runs in Node as in the browser (no
// Vite worker or asset imports, no DOM) and stays light to load: generator threads import it at
// start, so it leaves out the project state's schemas. The browser entry is index.ts.

export type { DspExports } from "../../worklets/dsp-abi.ts";
export { instantiateDsp } from "../../worklets/dsp-instance.ts";
export { analyzeBeats, type StreamBeatsOptions } from "./beats/analyze.ts";
export { handleBeatsRequest } from "./beats/beats-worker-handler.ts";
export type { BeatsResponse } from "./beats/beats-worker-protocol.ts";
export { convert, resamplePcm } from "./resample-pcm.ts";
export { stretchAudio } from "./stretch.ts";
export { buildWaveformPeaks } from "./waveform-peaks.ts";
