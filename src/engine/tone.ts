import {
  TONE_PROCESSOR_NAME,
  type ToneMessage,
  type ToneProcessorOptions,
} from "../../worklets/tone-protocol.ts";
import { loadDspModule } from "./dsp-module.ts";
import { loadWorkletModules } from "./worklet-modules.ts";

export interface ToneSettings {
  readonly frequencyHz: number;
  readonly gain: number;
}

/** A mono sine rendered by the wasm DSP core inside an AudioWorklet. */
export async function createToneNode(
  context: BaseAudioContext,
  settings: ToneSettings,
): Promise<AudioWorkletNode> {
  const [module] = await Promise.all([loadDspModule(), loadWorkletModules(context)]);
  const processorOptions: ToneProcessorOptions = { module, ...settings };
  return new AudioWorkletNode(context, TONE_PROCESSOR_NAME, {
    numberOfInputs: 0,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    processorOptions,
  });
}

/** Ends the processor: it returns false from process() and can be collected. */
export function stopToneNode(node: AudioWorkletNode): void {
  const message: ToneMessage = { type: "stop" };
  node.port.postMessage(message);
  node.disconnect();
}
