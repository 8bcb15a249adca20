import type { DspExports } from "./dsp-abi.ts";
import { QUANTUM_FRAMES } from "./dsp-abi.ts";
import { instantiateDsp } from "./dsp-instance.ts";
import { TONE_PROCESSOR_NAME, type ToneMessage, type ToneProcessorOptions } from "./tone-protocol.ts";

class ToneProcessor extends AudioWorkletProcessor {
  private readonly dsp: DspExports;
  // A view made once: process() copies from it and allocates nothing.
  private readonly rendered: Float32Array;
  private running = true;

  constructor(options: { processorOptions: ToneProcessorOptions }) {
    super();
    const { module, frequencyHz, gain } = options.processorOptions;
    this.dsp = instantiateDsp(module);
    this.dsp.toneReset(sampleRate, frequencyHz, gain);
    this.rendered = new Float32Array(this.dsp.memory.buffer, this.dsp.toneOutputPtr(), QUANTUM_FRAMES);
    this.port.onmessage = (event: MessageEvent<ToneMessage>) => {
      if (event.data.type === "stop") this.running = false;
    };
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    if (!this.running) return false;
    this.dsp.toneRender();
    outputs[0][0].set(this.rendered);
    return true;
  }
}

registerProcessor(TONE_PROCESSOR_NAME, ToneProcessor);
