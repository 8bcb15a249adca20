// The main thread's side of the recorder ring: reads what the audio thread wrote since the last
// read, in order, across the ring's end. The audio thread never waits for it; a reader that falls
// more than the ring's length behind has lost samples, and says how many.

import {
  type RecorderRingViews,
  RING_START_FRAME,
  RING_WRITTEN,
} from "../../../worklets/recorder-protocol.ts";

export interface RingRead {
  /** The new samples, oldest first (the most recent ring's worth when some were lost). */
  readonly samples: Float32Array;
  /** Ring index (samples since the first) of samples[0]: context frame = start frame + index. */
  readonly index: number;
  /** Samples overwritten before they could be read. */
  readonly lost: number;
}

export class RingReader {
  /** The writer's counter as last read (it wraps at 2^32; differences are taken modulo that). */
  private counter = 0;
  /** Samples consumed so far, lost ones included: the ring index of the next sample. */
  private total = 0;
  private at = 0;

  constructor(private readonly ring: RecorderRingViews) {}

  /** The context frame of ring index 0, once the audio thread has written anything. */
  startFrame(): number | null {
    return this.total === 0 && Atomics.load(this.ring.counters, RING_WRITTEN) === 0
      ? null
      : this.ring.start[RING_START_FRAME];
  }

  next(): RingRead {
    const samples = this.ring.samples;
    const capacity = samples.length;
    const written = Atomics.load(this.ring.counters, RING_WRITTEN);
    const pending = (written - this.counter) >>> 0;
    const lost = Math.max(0, pending - capacity);
    const count = pending - lost;
    const out = new Float32Array(count);
    const at = (this.at + lost) % capacity;
    const first = Math.min(count, capacity - at);
    out.set(samples.subarray(at, at + first));
    if (first < count) out.set(samples.subarray(0, count - first), first);
    this.at = (at + count) % capacity;
    this.counter = written;
    const index = this.total + lost;
    this.total += pending;
    return { samples: out, index, lost };
  }
}
