// ABI: every value here is mirrored in worklets/dsp-abi.ts. The wasm exports
// them (see index.ts), instantiateDsp() compares both ends, and so do the tests.

/** Bumped whenever an exported signature or memory layout changes. */
export const ABI_VERSION: i32 = 3;

/** Frames per render call: Web Audio's render quantum. */
export const QUANTUM_FRAMES: i32 = 128;

/** Engine capacities: slots are fixed at creation so that rendering never allocates. */
export const MAX_TRACKS: i32 = 256;
export const MAX_CLIPS: i32 = 8192;
export const MAX_SOURCES: i32 = 2048;

/** Floats per meter strip: peak L, peak R, RMS L, RMS R (linear). The master strip follows the tracks'. */
export const METER_FLOATS: i32 = 4;
