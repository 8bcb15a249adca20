import { DSP_ABI } from "./dsp-abi.ts";

// ABI between the engine processor (writer, once per quantum) and the main
// thread (reader, on animation frames): one SharedArrayBuffer, no messages.
// A read may mix two quanta; for a playhead and meters that is harmless.

/** Float64 slots at the start of the buffer. The position is the timeline frame leaving the engine now. */
export const SHARED_POSITION = 0;
export const SHARED_PLAYING = 1;
export const SHARED_LOADING = 2;
/** Quanta rendered since the processor started. */
export const SHARED_QUANTA = 3;
/** Id of the last patch batch applied, and the quanta count when it was: the first quantum after reflects it. */
export const SHARED_APPLIED_BATCH = 4;
export const SHARED_APPLIED_AT_QUANTA = 5;
/**
 * Batches timed so far; batch k's cost per quantum in microseconds (the time spent inside
 * process(), averaged over the batch) is in quantumCosts[k % QUANTUM_COST_SLOTS].
 */
export const SHARED_LOAD_BATCHES = 6;
/**
 * The timeline frame heard at context frame 0 while playing: timeline frame = context frame + this
 * (the limiter's lookahead taken off). Constant while the transport plays on without a jump, and
 * one slot, so a reader never sees half of two quanta; recordings line up their input with it.
 */
export const SHARED_TIMELINE_OFFSET = 7;
const HEADER_FLOAT64S = 8;

/**
 * The worklet scope has no performance.now(), and Date.now() ticks in whole
 * milliseconds: the time inside process() is summed over batches of quanta
 * long enough to resolve, and reported per quantum as the batch's average.
 */
export const QUANTA_PER_LOAD_BATCH = 64;
export const QUANTUM_COST_SLOTS = 4096;

export const SHARED_METER_FLOATS = (DSP_ABI.maxTracks + 1) * DSP_ABI.meterFloats;
const SHARED_BYTES = HEADER_FLOAT64S * 8 + (SHARED_METER_FLOATS + QUANTUM_COST_SLOTS) * 4;

export interface EngineSharedViews {
  readonly header: Float64Array;
  /** Peak L, peak R, RMS L, RMS R per track slot, then the master's. */
  readonly meters: Float32Array;
  /** Microseconds per quantum of each load batch, a ring of QUANTUM_COST_SLOTS. */
  readonly quantumCosts: Float32Array;
}

export function createEngineSharedState(): SharedArrayBuffer {
  return new SharedArrayBuffer(SHARED_BYTES);
}

export function engineSharedViews(buffer: SharedArrayBuffer): EngineSharedViews {
  return {
    header: new Float64Array(buffer, 0, HEADER_FLOAT64S),
    meters: new Float32Array(buffer, HEADER_FLOAT64S * 8, SHARED_METER_FLOATS),
    quantumCosts: new Float32Array(buffer, HEADER_FLOAT64S * 8 + SHARED_METER_FLOATS * 4, QUANTUM_COST_SLOTS),
  };
}
