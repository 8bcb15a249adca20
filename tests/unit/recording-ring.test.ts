import { describe, expect, it } from "vitest";
import { RingReader } from "../../src/engine/recording/ring-reader.ts";
import {
  createRecorderRing,
  RING_START_FRAME,
  RING_WRITTEN,
  recorderRingViews,
} from "../../worklets/recorder-protocol.ts";

/** Writes as the recorder processor does: samples into the ring, then the counter. */
function writer(capacity: number) {
  const views = recorderRingViews(createRecorderRing(capacity));
  let written = 0;
  let next = 0;
  return {
    views,
    write(count: number, startFrame = 0) {
      if (written === 0) views.start[RING_START_FRAME] = startFrame;
      for (let i = 0; i < count; i++) views.samples[(written + i) % capacity] = next++;
      written += count;
      Atomics.store(views.counters, RING_WRITTEN, written | 0);
    },
  };
}

describe("reading the recorder ring", () => {
  it("reads nothing and knows no start before the first write", () => {
    const ring = writer(8);
    const reader = new RingReader(ring.views);
    expect(reader.startFrame()).toBeNull();
    expect(reader.next()).toEqual({ samples: new Float32Array(0), index: 0, lost: 0 });
  });

  it("reads in order across the ring's end, with each block's index", () => {
    const ring = writer(8);
    const reader = new RingReader(ring.views);
    ring.write(5, 4096);
    expect(reader.startFrame()).toBe(4096);
    expect(Array.from(reader.next().samples)).toEqual([0, 1, 2, 3, 4]);
    ring.write(6);
    const wrapped = reader.next();
    expect(Array.from(wrapped.samples)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(wrapped.index).toBe(5);
    ring.write(8);
    const full = reader.next();
    expect(Array.from(full.samples)).toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
    expect(full).toMatchObject({ index: 11, lost: 0 });
  });

  it("says how many samples were overwritten when it fell more than a ring behind", () => {
    const ring = writer(8);
    const reader = new RingReader(ring.views);
    ring.write(3);
    reader.next();
    ring.write(11);
    const read = reader.next();
    expect(read.lost).toBe(3);
    expect(read.index).toBe(6);
    expect(Array.from(read.samples)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
  });

  it("keeps counting when the writer's 32-bit counter wraps", () => {
    const views = recorderRingViews(createRecorderRing(4));
    const reader = new RingReader(views);
    // The counter just below 2^32 (as a signed int32), the reader caught up with it.
    Atomics.store(views.counters, RING_WRITTEN, -2);
    views.samples.set([1, 2, 3, 4]);
    const first = reader.next();
    expect(first.lost).toBe(2 ** 32 - 2 - 4);
    Atomics.store(views.counters, RING_WRITTEN, 1);
    const read = reader.next();
    expect(read.samples.length).toBe(3);
    expect(read.index).toBe(2 ** 32 - 2);
  });
});
