import toneProcessorUrl from "../../worklets/tone-processor.ts?worker&url";

const loaded = new WeakMap<BaseAudioContext, Promise<void>>();

/** Adds the engine's processors to a context once, however many nodes it makes. */
export function loadWorkletModules(context: BaseAudioContext): Promise<void> {
  let pending = loaded.get(context);
  if (!pending) {
    pending = context.audioWorklet.addModule(toneProcessorUrl);
    loaded.set(context, pending);
  }
  return pending;
}
