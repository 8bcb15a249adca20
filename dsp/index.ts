import { ABI_VERSION, MAX_CLIPS, MAX_SOURCES, MAX_TRACKS, METER_FLOATS, QUANTUM_FRAMES } from "./abi";

export { fftCreate, fftDestroy, fftForward } from "./analysis/fft-exports";
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
export {
  delayCreate,
  delayDestroy,
  delayProcess,
  reverbCreate,
  reverbDestroy,
  reverbProcess,
  reverbRt60,
} from "./fx/exports";

export { meterCreate, meterMeasure, meterRead, meterReset } from "./level-meter";
export {
  limiterCreate,
  limiterLatencyFrames,
  limiterProcess,
  limiterReset,
  limiterSetCeilingDb,
} from "./limiter";
export {
  loudnessBegin,
  loudnessCreate,
  loudnessIntegrated,
  loudnessProcess,
  masterConfigure,
  masterCreate,
  masterProcess,
  truePeakCreate,
  truePeakProcess,
  truePeakRead,
  truePeakReset,
} from "./master/exports";
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
  separationCreate,
  separationDestroy,
  separationHop,
  separationInput,
  separationLeadIn,
  separationOutput,
  separationPush,
  separationStemCount,
} from "./separation/exports";
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
export {
  stemAddInstrument,
  stemCreate,
  stemDestroy,
  stemInputLeft,
  stemInputRight,
  stemKicks,
  stemNotes,
  stemOutputLeft,
  stemOutputRight,
  stemRender,
  stemSetCompressor,
  stemSetDelay,
  stemSetDrums,
  stemSetDucking,
  stemSetNoteCount,
  stemSetReverb,
  synthDrumCount,
  synthEnvelope,
  synthKitCount,
  synthLowPass,
  synthOscillator,
  synthPatchCount,
} from "./synth/exports";
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
  vocalAnalyse,
  vocalCreate,
  vocalDestroy,
  vocalMark,
  vocalNoteBytes,
  vocalNotes,
  vocalOutput,
  vocalRender,
  vocalSetExpression,
  vocalSource,
  vocalSourcePeriod,
} from "./vocal/exports";
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
