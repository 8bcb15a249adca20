// What the stems' delay-line effects (ping-pong delay, FDN reverb) share: zeroed power-of-two rings
// (positions wrap with a mask), and the gate that skips a block once the input has gone silent and
// the effect's tail has rung out.

/** The smallest power of two above `frames`: a ring that holds `frames` steps of history. */
export function ringLength(frames: i32): i32 {
  let size = 1;
  while (size <= frames) size <<= 1;
  return size;
}

/** Setup only: `bytes` of zeroed memory. */
export function zeroedAlloc(bytes: usize): usize {
  const ptr = heap.alloc(bytes);
  memory.fill(ptr, 0, bytes);
  return ptr;
}

/**
 * Whether a block can be skipped whole: the tail has rung out (`quiet` silent input frames of
 * `tail`) and the block's mono input, (inL + inR) / 2, is silent too.
 */
export function restsSilent(inL: usize, inR: usize, frames: i32, quiet: i32, tail: i32): bool {
  if (quiet < tail) return false;
  for (let i = 0; i < frames; i++) {
    const at = (<usize>i) << 2;
    if ((load<f32>(inL + at) + load<f32>(inR + at)) * 0.5 != 0) return false;
  }
  return true;
}
