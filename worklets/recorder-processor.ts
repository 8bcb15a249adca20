import {
  RECORDER_PROCESSOR_NAME,
  type RecorderMessage,
  type RecorderProcessorOptions,
  type RecorderRingViews,
  RING_START_FRAME,
  RING_WRITTEN,
  recorderRingViews,
} from "./recorder-protocol.ts";

/**
 * Copies one input channel into the shared ring, sample by sample: no allocation, no waiting.
 * Every quantum writes exactly its frames (silence when the input has no channels yet), so ring
 * sample i is always context frame start + i: the main thread turns positions into time with that.
 */
class RecorderProcessor extends AudioWorkletProcessor {
  private readonly ring: RecorderRingViews;
  private readonly capacity: number;
  private readonly channel: number;
  private at = 0;
  private written = 0;
  private started = false;
  private running = true;

  constructor(options: { processorOptions: RecorderProcessorOptions }) {
    super();
    this.ring = recorderRingViews(options.processorOptions.shared);
    this.capacity = this.ring.samples.length;
    this.channel = options.processorOptions.channel;
    this.port.onmessage = (event: MessageEvent<RecorderMessage>) => {
      if (event.data.type === "stop") this.running = false;
    };
  }

  process(inputs: Float32Array[][]): boolean {
    if (!this.running) return false;
    const input = inputs[0];
    const source = input.length === 0 ? null : input[this.channel < input.length ? this.channel : 0];
    const frames = source === null ? 128 : source.length;
    if (!this.started) {
      this.ring.start[RING_START_FRAME] = currentFrame;
      this.started = true;
    }
    const samples = this.ring.samples;
    let at = this.at;
    for (let i = 0; i < frames; i++) {
      samples[at] = source === null ? 0 : source[i];
      at = at + 1 === this.capacity ? 0 : at + 1;
    }
    this.at = at;
    this.written = (this.written + frames) | 0;
    // The counter is stored last, atomically: a reader that sees it also sees the samples before it.
    Atomics.store(this.ring.counters, RING_WRITTEN, this.written);
    return true;
  }
}

registerProcessor(RECORDER_PROCESSOR_NAME, RecorderProcessor);
