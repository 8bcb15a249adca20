// ABI: every value here is mirrored in worklets/dsp-abi.ts. The wasm exports
// them (see index.ts) and tests/unit/dsp-abi.test.ts checks both ends agree.

/** Bumped whenever an exported signature or memory layout changes. */
export const ABI_VERSION: i32 = 1;

/** Frames per render call: Web Audio's render quantum. */
export const QUANTUM_FRAMES: i32 = 128;
