import { ABI_VERSION, MAX_CLIPS, MAX_SOURCES, MAX_TRACKS, METER_FLOATS, QUANTUM_FRAMES } from "./abi";

export {
  beatFeatureStride,
  beatFeaturesCreate,
  beatFeaturesDestroy,
  beatFeaturesFftSize,
  beatFeaturesFlush,
  beatFeaturesHop,
  beatFeaturesMaxOutput,
  beatFeaturesProcess,
} from "./beats/onset";
export {
  engineClipRemove,
  engineClipSet,
  engineClipStretch,
  engineCreate,
  engineLatencyFrames,
  engineLoopSet,
  engineMasterSet,
  engineMeters,
  engineMetronomeSet,
  engineOutputLeft,
  engineOutputRight,
  enginePlay,
  enginePlaying,
  enginePosition,
  engineRender,
  engineSeek,
  engineSourceArrived,
  engineSourceLoad,
  engineSourceRelease,
  engineStop,
  engineTrackEq,
  engineTrackEqStage,
  engineTrackRemove,
  engineTrackSet,
} from "./engine-exports";
export { fadeGain } from "./fade-curve";

export { meterCreate, meterMeasure, meterRead, meterReset } from "./level-meter";
export {
  limiterCreate,
  limiterLatencyFrames,
  limiterProcess,
  limiterReset,
  limiterSetCeilingDb,
} from "./limiter";
export { alloc, free } from "./memory";
export {
  resamplerCreate,
  resamplerDestroy,
  resamplerFlush,
  resamplerMaxOutput,
  resamplerProcess,
  resamplerReset,
} from "./resampler";
export {
  stretcherCreate,
  stretcherDestroy,
  stretcherInputFrom,
  stretcherInputTo,
  stretcherLatency,
  stretcherLookahead,
  stretcherPlan,
  stretcherProcess,
  stretcherRender,
  stretcherSeek,
  stretcherSetLoop,
  stretcherSetSource,
  stretcherSetStretch,
  stretcherSetTransposition,
} from "./stretch/exports";
export { toneOutputPtr, toneRender, toneReset } from "./tone";
export {
  eqCreate,
  eqProcess,
  eqProcessScalar,
  eqReset,
  eqSetEnabled,
  eqSetStage,
  eqStageCoefficients,
} from "./track-eq";
export {
  peaksBaseBlock,
  peaksBuild,
  peaksLevelCount,
  peaksLevelOffset,
  peaksTotalPairs,
} from "./waveform-peaks";

export function abiVersion(): i32 {
  return ABI_VERSION;
}

export function quantumFrames(): i32 {
  return QUANTUM_FRAMES;
}

export function maxTracks(): i32 {
  return MAX_TRACKS;
}

export function maxClips(): i32 {
  return MAX_CLIPS;
}

export function maxSources(): i32 {
  return MAX_SOURCES;
}

export function meterFloats(): i32 {
  return METER_FLOATS;
}
