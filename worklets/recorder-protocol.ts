// The recorder's shared memory: the audio thread writes input samples into a ring and publishes
// how many it has written; the main thread reads behind it. No messages per quantum, no locks.

export const RECORDER_PROCESSOR_NAME = "tunesmith-recorder";

/** Float64 slot: the context frame (currentFrame) of the first sample ever written. */
export const RING_START_FRAME = 0;
/** Int32 slot: samples written so far, modulo 2^32 (readers subtract with wrapping arithmetic). */
export const RING_WRITTEN = 0;
const HEADER_BYTES = 16;

export interface RecorderProcessorOptions {
  readonly shared: SharedArrayBuffer;
  /** The input channel recorded (a track's input channel); missing channels fall back to the first. */
  readonly channel: number;
}

export type RecorderMessage = { readonly type: "stop" };

export interface RecorderRingViews {
  readonly start: Float64Array;
  readonly counters: Int32Array;
  readonly samples: Float32Array;
}

export function createRecorderRing(capacityFrames: number): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + capacityFrames * 4);
}

export function recorderRingViews(buffer: SharedArrayBuffer): RecorderRingViews {
  return {
    start: new Float64Array(buffer, 0, 1),
    counters: new Int32Array(buffer, 8, 2),
    samples: new Float32Array(buffer, HEADER_BYTES),
  };
}
