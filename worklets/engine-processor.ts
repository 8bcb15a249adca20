import { instantiateDsp } from "./dsp-instance.ts";
import { EngineCore } from "./engine-core.ts";
import type { EnginePatchBatch, EngineProcessorOptions } from "./engine-processor-protocol.ts";
import { ENGINE_PROCESSOR_NAME } from "./engine-processor-protocol.ts";
import {
  type EngineSharedViews,
  engineSharedViews,
  SHARED_APPLIED_BATCH,
  SHARED_LOADING,
  SHARED_PLAYING,
  SHARED_POSITION,
  SHARED_QUANTA,
} from "./engine-shared-state.ts";

class EngineProcessor extends AudioWorkletProcessor {
  private readonly core: EngineCore;
  private readonly shared: EngineSharedViews;
  private quanta = 0;

  constructor(options: { processorOptions: EngineProcessorOptions }) {
    super();
    const { module, shared, initialPatches } = options.processorOptions;
    this.core = new EngineCore(instantiateDsp(module), sampleRate);
    for (const patch of initialPatches) this.core.apply(patch);
    this.core.finishLoading();
    this.shared = engineSharedViews(shared);
    this.port.onmessage = (event: MessageEvent<EnginePatchBatch>) => {
      for (const patch of event.data.patches) this.core.apply(patch);
      this.shared.header[SHARED_APPLIED_BATCH] = event.data.id;
    };
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const rendered = this.core.render();
    const [left, right] = outputs[0];
    left.set(rendered.left);
    right?.set(rendered.right);
    const header = this.shared.header;
    header[SHARED_POSITION] = this.core.position;
    header[SHARED_PLAYING] = this.core.playing ? 1 : 0;
    header[SHARED_LOADING] = this.core.loading ? 1 : 0;
    header[SHARED_QUANTA] = ++this.quanta;
    this.shared.meters.set(rendered.meters);
    return true;
  }
}

registerProcessor(ENGINE_PROCESSOR_NAME, EngineProcessor);
