// An audio input in the engine's context: the stream feeds the recorder worklet (which writes the
// ring) and, when monitoring is on, the speakers. The ring is drained on the main thread every
// 10 ms; listeners get each block with its ring index, so they can place it in time.

import recorderProcessorUrl from "../../../worklets/recorder-processor.ts?worker&url";
import {
  createRecorderRing,
  RECORDER_PROCESSOR_NAME,
  type RecorderMessage,
  type RecorderProcessorOptions,
  recorderRingViews,
} from "../../../worklets/recorder-protocol.ts";
import { type RingRead, RingReader } from "./ring-reader.ts";

/** The ring drains this often: the amplitude samples of the live waveform come from these blocks. */
export const CAPTURE_DRAIN_MS = 10;
/** The recorder's ring holds four seconds of samples: how far the main thread may fall behind. */
export const RING_SECONDS = 4;

export type CaptureListener = (read: RingRead) => void;

const modules = new WeakMap<BaseAudioContext, Promise<void>>();

function loadRecorderModule(context: BaseAudioContext): Promise<void> {
  let pending = modules.get(context);
  if (pending === undefined) {
    pending = context.audioWorklet.addModule(recorderProcessorUrl);
    modules.set(context, pending);
  }
  return pending;
}

export class InputCapture {
  private readonly listeners = new Set<CaptureListener>();
  private readonly timer: ReturnType<typeof setInterval>;
  private closed = false;

  private constructor(
    readonly context: AudioContext,
    private readonly stream: MediaStream,
    private readonly source: MediaStreamAudioSourceNode,
    private readonly node: AudioWorkletNode,
    private readonly monitor: GainNode,
    private readonly reader: RingReader,
  ) {
    this.timer = setInterval(() => this.drain(), CAPTURE_DRAIN_MS);
  }

  /** Starts recording this stream's `channel` into a fresh ring. */
  static async open(context: AudioContext, stream: MediaStream, channel: number): Promise<InputCapture> {
    await loadRecorderModule(context);
    const shared = createRecorderRing(Math.ceil(RING_SECONDS * context.sampleRate));
    const processorOptions: RecorderProcessorOptions = { shared, channel };
    const node = new AudioWorkletNode(context, RECORDER_PROCESSOR_NAME, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [1],
      processorOptions,
    });
    const source = context.createMediaStreamSource(stream);
    const monitor = context.createGain();
    monitor.gain.value = 0;
    source.connect(node);
    source.connect(monitor);
    monitor.connect(context.destination);
    // The node writes silence: connected only so that the graph pulls it every quantum.
    node.connect(context.destination);
    return new InputCapture(
      context,
      stream,
      source,
      node,
      monitor,
      new RingReader(recorderRingViews(shared)),
    );
  }

  /** The context frame of ring index 0, once the first quantum was written. */
  startFrame(): number | null {
    return this.reader.startFrame();
  }

  /** Input monitoring: the input heard through the speakers while recording. */
  setMonitoring(on: boolean): void {
    this.monitor.gain.value = on ? 1 : 0;
  }

  listen(listener: CaptureListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads what is waiting now (also called before a take ends, so its last block is not missed). */
  drain(): void {
    if (this.closed) return;
    const read = this.reader.next();
    if (read.samples.length === 0 && read.lost === 0) return;
    for (const listener of this.listeners) listener(read);
  }

  /** True while the device delivers: an unplugged microphone ends its track. */
  get live(): boolean {
    return this.stream.getAudioTracks().some((track) => track.readyState === "live");
  }

  close(): void {
    if (this.closed) return;
    this.drain();
    this.closed = true;
    clearInterval(this.timer);
    this.listeners.clear();
    const stop: RecorderMessage = { type: "stop" };
    this.node.port.postMessage(stop);
    this.source.disconnect();
    this.node.disconnect();
    this.monitor.disconnect();
    for (const track of this.stream.getTracks()) track.stop();
  }
}
