// Min/max mipmaps of mono PCM for drawing waveforms and for the API's waveform aggregates.
// Level 0 holds one (min, max) f32 pair per PEAKS_BASE_BLOCK frames (the last block may be partial);
// each next level pairs up the blocks of the one below (an odd last block stands alone) until a
// level has a single block. All levels are written back to back, level 0 first.

/** Frames per level-0 block; a level-l pair covers PEAKS_BASE_BLOCK << l frames. */
export const PEAKS_BASE_BLOCK: i32 = 256;

export function peaksBaseBlock(): i32 {
  return PEAKS_BASE_BLOCK;
}

/** For frames > 0; written so frames near the i32 limit do not overflow. */
function levelBlocks(frames: i32, level: i32): i32 {
  let blocks = (frames - 1) / PEAKS_BASE_BLOCK + 1;
  for (let l = 0; l < level; l++) blocks = (blocks + 1) >> 1;
  return blocks;
}

export function peaksLevelCount(frames: i32): i32 {
  if (frames <= 0) return 0;
  let levels = 1;
  for (let blocks = levelBlocks(frames, 0); blocks > 1; blocks = (blocks + 1) >> 1) levels++;
  return levels;
}

/**
 * Offset in pairs of level `level` in the output; level == peaksLevelCount(frames) gives the total,
 * and a level outside [0, count] gives -1.
 */
export function peaksLevelOffset(frames: i32, level: i32): i32 {
  if (level < 0 || level > peaksLevelCount(frames)) return -1;
  let offset = 0;
  for (let l = 0; l < level; l++) offset += levelBlocks(frames, l);
  return offset;
}

export function peaksTotalPairs(frames: i32): i32 {
  return peaksLevelOffset(frames, peaksLevelCount(frames));
}

/**
 * Writes every level to out, which holds peaksTotalPairs(frames) pairs. Non-finite samples are
 * skipped; a block with no finite sample reads as silence, (0, 0).
 */
export function peaksBuild(pcm: usize, frames: i32, out: usize): void {
  if (frames <= 0) return;
  const blocks = levelBlocks(frames, 0);
  for (let b = 0; b < blocks; b++) {
    const start = b * PEAKS_BASE_BLOCK;
    const length = min(PEAKS_BASE_BLOCK, frames - start);
    blockMinMax(pcm + ((<usize>start) << 2), length, out + ((<usize>b) << 3));
  }
  let below = out;
  let belowBlocks = blocks;
  while (belowBlocks > 1) {
    const level = below + ((<usize>belowBlocks) << 3);
    const count = (belowBlocks + 1) >> 1;
    for (let b = 0; b < count; b++) {
      const first = below + ((<usize>b) << 4);
      let lo = load<f32>(first);
      let hi = load<f32>(first, 4);
      if (2 * b + 1 < belowBlocks) {
        lo = min(lo, load<f32>(first, 8));
        hi = max(hi, load<f32>(first, 12));
      }
      store<f32>(level + ((<usize>b) << 3), lo);
      store<f32>(level + ((<usize>b) << 3), hi, 4);
    }
    below = level;
    belowBlocks = count;
  }
}

function blockMinMax(samples: usize, length: i32, pair: usize): void {
  const inf = f32x4.splat(Infinity);
  const negInf = f32x4.splat(-Infinity);
  const zero = f32x4.splat(0);
  let lo = inf;
  let hi = negInf;
  const vectors = length & ~3;
  for (let i = 0; i < vectors; i += 4) {
    const v = v128.load(samples + ((<usize>i) << 2));
    // x - x is 0 only for finite x: others are swapped for the identity of min or max.
    const finite = f32x4.eq(f32x4.sub(v, v), zero);
    lo = f32x4.min(lo, v128.bitselect(v, inf, finite));
    hi = f32x4.max(hi, v128.bitselect(v, negInf, finite));
  }
  let low = min(
    min(f32x4.extract_lane(lo, 0), f32x4.extract_lane(lo, 1)),
    min(f32x4.extract_lane(lo, 2), f32x4.extract_lane(lo, 3)),
  );
  let high = max(
    max(f32x4.extract_lane(hi, 0), f32x4.extract_lane(hi, 1)),
    max(f32x4.extract_lane(hi, 2), f32x4.extract_lane(hi, 3)),
  );
  for (let i = vectors; i < length; i++) {
    const x = load<f32>(samples + ((<usize>i) << 2));
    if (isFinite(x)) {
      low = min(low, x);
      high = max(high, x);
    }
  }
  const empty = low > high;
  store<f32>(pair, empty ? 0 : low);
  store<f32>(pair, empty ? 0 : high, 4);
}
