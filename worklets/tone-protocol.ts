// What the host and the tone processor agree on: its registered name, the
// options it is constructed with and the messages its port accepts.

export const TONE_PROCESSOR_NAME = "tunesmith-tone";

export interface ToneProcessorOptions {
  readonly module: WebAssembly.Module;
  readonly frequencyHz: number;
  readonly gain: number;
}

export type ToneMessage = { readonly type: "stop" };
