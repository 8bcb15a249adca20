// ABI: mirrors dsp/abi.ts. The wasm exports each value as a function of the
// same name; instantiateDsp() refuses a binary whose values differ.
export const DSP_ABI = {
  abiVersion: 2,
  /** Frames per render call: Web Audio's render quantum. */
  quantumFrames: 128,
  maxTracks: 256,
  maxClips: 8192,
  maxSources: 2048,
  /** Floats per meter strip: peak L, peak R, RMS L, RMS R (linear); the master strip follows the tracks'. */
  meterFloats: 4,
} as const;

export const QUANTUM_FRAMES = DSP_ABI.quantumFrames;

/** Pointers into wasm memory (byte offsets) and engine handles, as JavaScript sees them. */
type Ptr = number;
type Handle = number;
/** AssemblyScript bools cross as 0 or 1. */
type Flag = number | boolean;

/** The functions dsp/index.ts exports, as JavaScript sees them. */
export interface DspExports extends Record<keyof typeof DSP_ABI, () => number> {
  readonly memory: WebAssembly.Memory;
  /** Setup only (never while rendering); may grow memory, so views over it must be made afresh after. */
  alloc(bytes: number): number;
  free(ptr: number): void;
  toneReset(sampleRate: number, frequencyHz: number, gain: number): void;
  toneRender(): void;
  toneOutputPtr(): number;
  fadeGain(x: number): number;
  engineCreate(sampleRate: number): Handle;
  engineSourceLoad(engine: Handle, slot: number, frames: number, channels: number): Ptr;
  engineSourceArrived(engine: Handle, slot: number, frames: number): number;
  engineSourceRelease(engine: Handle, slot: number): number;
  engineTrackSet(
    engine: Handle,
    slot: number,
    amplitude: number,
    balance: number,
    mute: Flag,
    solo: Flag,
  ): number;
  engineTrackRemove(engine: Handle, slot: number): number;
  engineClipSet(
    engine: Handle,
    slot: number,
    track: number,
    source: number,
    start: number,
    end: number,
    sourceStart: number,
    amplitude: number,
    mute: Flag,
    fadeIn: number,
    fadeOut: number,
    loopEnabled: Flag,
    loopStart: number,
    loopEnd: number,
  ): number;
  engineClipRemove(engine: Handle, slot: number): number;
  engineMasterSet(
    engine: Handle,
    amplitude: number,
    songFadeInEnd: number,
    songFadeOutStart: number,
    songFadeOutEnd: number,
  ): void;
  engineLoopSet(engine: Handle, enabled: Flag, start: number, end: number): void;
  engineMetronomeSet(
    engine: Handle,
    enabled: Flag,
    amplitude: number,
    beatsPerBar: number,
    beats: Ptr,
    count: number,
  ): void;
  enginePlay(engine: Handle): void;
  engineStop(engine: Handle): void;
  engineSeek(engine: Handle, frame: number): void;
  engineRender(engine: Handle): void;
  engineOutputLeft(engine: Handle): Ptr;
  engineOutputRight(engine: Handle): Ptr;
  engineMeters(engine: Handle): Ptr;
  enginePosition(engine: Handle): number;
  enginePlaying(engine: Handle): number;
}
