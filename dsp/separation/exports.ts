import { Separator, STEM_COUNT } from "./separator";

// The separation as wasm exports, for hosts in JavaScript (the server's separation thread, tests,
// the bench). Stems in this order: vocals, drums, bass, other.

/** Setup only (allocates): a separator for a stream at `sampleRate`, or 0 outside 8 kHz to 384 kHz. */
export function separationCreate(sampleRate: f32): usize {
  if (!(sampleRate >= 8000 && sampleRate <= 384000)) return 0;
  return changetype<usize>(new Separator(sampleRate));
}

export function separationDestroy(separator: usize): void {
  changetype<Separator>(separator).destroy();
}

export function separationStemCount(): i32 {
  return STEM_COUNT;
}

/** Samples per channel taken, and given per stem, by each push. */
export function separationHop(separator: usize): i32 {
  return changetype<Separator>(separator).hop;
}

/** Samples the output stream starts before the input's first. */
export function separationLeadIn(separator: usize): i32 {
  return changetype<Separator>(separator).leadIn;
}

/** Where the host writes a hop of input: channel 0 left, 1 right. */
export function separationInput(separator: usize, channel: i32): usize {
  const separator_ = changetype<Separator>(separator);
  return channel == 0 ? separator_.inputLeft : separator_.inputRight;
}

/** Where a push writes a hop of a stem's channel. */
export function separationOutput(separator: usize, stem: i32, channel: i32): usize {
  return changetype<Separator>(separator).output(stem, channel);
}

/** Takes a hop of input; true when a hop of every stem was written. */
export function separationPush(separator: usize): bool {
  return changetype<Separator>(separator).push();
}
