import { ABI_VERSION, QUANTUM_FRAMES } from "./abi";

export { alloc, free } from "./memory";
export { toneOutputPtr, toneRender, toneReset } from "./tone";

export function abiVersion(): i32 {
  return ABI_VERSION;
}

export function quantumFrames(): i32 {
  return QUANTUM_FRAMES;
}
