// The DSP load meter's figure: the engine's time inside its audio callback per quantum, against the
// quantum's real-time budget (its frames at the context's rate). The worklet writes one cost per
// batch of quanta into a ring in shared memory; the meter averages the latest few batches, so the
// figure reads steadily while still answering within a fraction of a second.

import { QUANTUM_FRAMES } from "../../worklets/dsp-abi.ts";

/** The real-time budget of one quantum, in microseconds. */
export const quantumBudgetMicros = (sampleRate: number): number => (QUANTUM_FRAMES / sampleRate) * 1e6;

/**
 * The mean of the last `count` batch costs (microseconds per quantum) in the ring `costs`, of which
 * `batches` have been written so far, as a fraction of `budgetMicros`; 0 before any batch.
 */
export function averageLoad(
  costs: ArrayLike<number>,
  batches: number,
  count: number,
  budgetMicros: number,
): number {
  const taken = Math.min(count, batches, costs.length);
  if (taken <= 0) return 0;
  let sum = 0;
  for (let k = batches - taken; k < batches; k++) sum += costs[k % costs.length];
  return sum / taken / budgetMicros;
}
