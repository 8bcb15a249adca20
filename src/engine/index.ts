// The engine's public surface. Built as its own entry so that browser tests
// and benches drive the same code the pages run.

import "../shared/zod-without-eval.ts";

export type { DspExports } from "../../worklets/dsp-abi.ts";
export { instantiateDsp } from "../../worklets/dsp-instance.ts";
export { synthesizeDemoMaterial } from "./demo/demo-material.ts";
export { DEMO_SOURCE_PREFIX, demoProject } from "./demo/demo-project.ts";
export { demoSessionPatches } from "./demo/demo-session.ts";
export { loadDspModule } from "./dsp-module.ts";
export { EngineHost, type Playhead, type TrackLevels } from "./engine-host.ts";
export { createEngineNode, type EngineNode } from "./engine-node.ts";
export type { SourceAudio } from "./project-render.ts";
export { ProjectSession } from "./project-session.ts";
export { crossfadeFrames, longestSilence, queueClipPatches, queueTrack } from "./queue-joins.ts";
export { clipSourceId } from "./render-plan.ts";
export { renderProjectToWav } from "./render-to-wav.ts";
export { createToneNode, stopToneNode, type ToneSettings } from "./tone.ts";
export { startTonePreview, type TonePreview } from "./tone-preview.ts";
export { buildWaveformPeaks, type WaveformPeaks } from "./waveform-peaks.ts";
