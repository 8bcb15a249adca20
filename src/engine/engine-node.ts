import {
  ENGINE_PROCESSOR_NAME,
  type EnginePatchBatch,
  type EngineProcessorOptions,
} from "../../worklets/engine-processor-protocol.ts";
import type { EnginePatch } from "../../worklets/engine-protocol.ts";
import {
  createEngineSharedState,
  type EngineSharedViews,
  engineSharedViews,
  SHARED_APPLIED_BATCH,
} from "../../worklets/engine-shared-state.ts";
import { loadDspModule } from "./dsp-module.ts";
import { loadWorkletModules } from "./worklet-modules.ts";

/** The engine processor in a context, with the shared memory it reports through. */
export interface EngineNode {
  readonly node: AudioWorkletNode;
  readonly shared: EngineSharedViews;
  /** Sends a batch of patches; returns its id, which shared.header[SHARED_APPLIED_BATCH] shows once applied. */
  send(patches: readonly EnginePatch[]): number;
  /** True once the batch with this id (or a later one) has been applied. */
  applied(batchId: number): boolean;
}

export async function createEngineNode(
  context: BaseAudioContext,
  initialPatches: readonly EnginePatch[] = [],
): Promise<EngineNode> {
  const [module] = await Promise.all([loadDspModule(), loadWorkletModules(context)]);
  const buffer = createEngineSharedState();
  const processorOptions: EngineProcessorOptions = { module, shared: buffer, initialPatches };
  const node = new AudioWorkletNode(context, ENGINE_PROCESSOR_NAME, {
    numberOfInputs: 0,
    numberOfOutputs: 1,
    outputChannelCount: [2],
    processorOptions,
  });
  const shared = engineSharedViews(buffer);
  let nextBatch = 1;
  return {
    node,
    shared,
    send(patches) {
      const batch: EnginePatchBatch = { id: nextBatch++, patches };
      // PCM buffers move to the audio thread instead of being copied.
      const transfer = patches.flatMap((patch) =>
        patch.op === "source" || patch.op === "source-append"
          ? patch.data.map((channel) => channel.buffer)
          : [],
      );
      node.port.postMessage(batch, transfer);
      return batch.id;
    },
    applied: (batchId) => shared.header[SHARED_APPLIED_BATCH] >= batchId,
  };
}
