import { DSP_ABI } from "./dsp-abi.ts";

// ABI between the engine processor (writer, once per quantum) and the main
// thread (reader, on animation frames): one SharedArrayBuffer, no messages.
// A read may mix two quanta; for a playhead and meters that is harmless.

/** Float64 slots at the start of the buffer. */
export const SHARED_POSITION = 0;
export const SHARED_PLAYING = 1;
export const SHARED_LOADING = 2;
/** Quanta rendered since the processor started. */
export const SHARED_QUANTA = 3;
/** Id of the last patch batch applied: the host times edits with it. */
export const SHARED_APPLIED_BATCH = 4;
const HEADER_FLOAT64S = 8;

export const SHARED_METER_FLOATS = (DSP_ABI.maxTracks + 1) * DSP_ABI.meterFloats;
const SHARED_BYTES = HEADER_FLOAT64S * 8 + SHARED_METER_FLOATS * 4;

export interface EngineSharedViews {
  readonly header: Float64Array;
  /** Peak L, peak R, RMS L, RMS R per track slot, then the master's. */
  readonly meters: Float32Array;
}

export function createEngineSharedState(): SharedArrayBuffer {
  return new SharedArrayBuffer(SHARED_BYTES);
}

export function engineSharedViews(buffer: SharedArrayBuffer): EngineSharedViews {
  return {
    header: new Float64Array(buffer, 0, HEADER_FLOAT64S),
    meters: new Float32Array(buffer, HEADER_FLOAT64S * 8, SHARED_METER_FLOATS),
  };
}
