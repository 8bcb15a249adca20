// ABI: mirrors dsp/abi.ts. instantiateDsp() refuses a wasm whose exported
// values differ, and tests/unit/dsp-abi.test.ts checks the built binary.

export const ABI_VERSION = 1;

/** Frames per render call: Web Audio's render quantum. */
export const QUANTUM_FRAMES = 128;

/** The functions dsp/index.ts exports, as JavaScript sees them. */
export interface DspExports {
  readonly memory: WebAssembly.Memory;
  abiVersion(): number;
  quantumFrames(): number;
  /** Setup only (never while rendering); may grow memory, so views over it must be made afresh after. */
  alloc(bytes: number): number;
  free(ptr: number): void;
  toneReset(sampleRate: number, frequencyHz: number, gain: number): void;
  toneRender(): void;
  toneOutputPtr(): number;
}
