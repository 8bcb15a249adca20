import { instantiateDsp } from "./dsp-instance.ts";
import { EngineCore } from "./engine-core.ts";
import type { EnginePatchBatch, EngineProcessorOptions } from "./engine-processor-protocol.ts";
import { ENGINE_PROCESSOR_NAME } from "./engine-processor-protocol.ts";
import {
  type EngineSharedViews,
  engineSharedViews,
  QUANTA_PER_LOAD_BATCH,
  QUANTUM_COST_SLOTS,
  SHARED_APPLIED_AT_QUANTA,
  SHARED_APPLIED_BATCH,
  SHARED_LOAD_BATCHES,
  SHARED_LOADING,
  SHARED_PLAYING,
  SHARED_POSITION,
  SHARED_QUANTA,
  SHARED_TIMELINE_OFFSET,
} from "./engine-shared-state.ts";

class EngineProcessor extends AudioWorkletProcessor {
  private readonly core: EngineCore;
  private readonly shared: EngineSharedViews;
  private quanta = 0;
  /** Milliseconds spent inside process() during the current load batch. */
  private batchBusyMs = 0;
  private batches = 0;
  private readonly latency: number;

  constructor(options: { processorOptions: EngineProcessorOptions }) {
    super();
    const { module, shared, initialPatches } = options.processorOptions;
    this.core = new EngineCore(instantiateDsp(module), sampleRate);
    for (const patch of initialPatches) this.core.apply(patch);
    this.core.finishLoading();
    this.shared = engineSharedViews(shared);
    this.latency = this.core.latencyFrames;
    this.port.onmessage = (event: MessageEvent<EnginePatchBatch>) => {
      for (const patch of event.data.patches) this.core.apply(patch);
      this.shared.header[SHARED_APPLIED_BATCH] = event.data.id;
      this.shared.header[SHARED_APPLIED_AT_QUANTA] = this.quanta;
    };
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const started = Date.now();
    // The frame this quantum starts at, read before render() moves it (a seek lands after it).
    const from = this.core.position;
    const rendered = this.core.render();
    // Indexing, not destructuring: an array iterator would be an allocation per quantum.
    const output = outputs[0];
    output[0].set(rendered.left);
    if (output.length > 1) output[1].set(rendered.right);
    const header = this.shared.header;
    header[SHARED_POSITION] = this.core.position - this.latency;
    // Before the playing flag: a reader that sees playing also sees this play's offset.
    if (this.core.playing) header[SHARED_TIMELINE_OFFSET] = from - this.latency - currentFrame;
    header[SHARED_PLAYING] = this.core.playing ? 1 : 0;
    header[SHARED_LOADING] = this.core.loading ? 1 : 0;
    header[SHARED_QUANTA] = ++this.quanta;
    this.shared.meters.set(rendered.meters);
    // Only the time spent in here counts: the wall time between calls is the audio clock's
    // period (a load of 100 % by definition), whatever the work. Date.now() ticks in whole
    // milliseconds, so a quantum mostly reads 0 and now and then 1; as the callbacks' phase
    // against the tick drifts, the sum over a batch is an unbiased measure of the time inside.
    this.batchBusyMs += Date.now() - started;
    if (this.quanta % QUANTA_PER_LOAD_BATCH === 0) this.closeBatch();
    return true;
  }

  /** Closes the load batch that ends here: its cost per quantum. */
  private closeBatch(): void {
    this.shared.quantumCosts[this.batches % QUANTUM_COST_SLOTS] =
      (this.batchBusyMs * 1000) / QUANTA_PER_LOAD_BATCH;
    this.shared.header[SHARED_LOAD_BATCHES] = ++this.batches;
    this.batchBusyMs = 0;
  }
}

registerProcessor(ENGINE_PROCESSOR_NAME, EngineProcessor);
