// Host-side allocation for setup work (PCM, tables): never called while rendering.

export function alloc(bytes: i32): usize {
  return heap.alloc(<usize>bytes);
}

export function free(ptr: usize): void {
  heap.free(ptr);
}
