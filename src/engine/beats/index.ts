export {
  analyseFeatures,
  analyzeBeats,
  BeatAnalyzer,
  type StreamBeatsOptions,
  streamBeats,
} from "./analyze.ts";
export { FeatureExtractor, type FeatureFrames } from "./features.ts";
