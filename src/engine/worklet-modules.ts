import engineProcessorUrl from "../../worklets/engine-processor.ts?worker&url";
import toneProcessorUrl from "../../worklets/tone-processor.ts?worker&url";

const loaded = new WeakMap<BaseAudioContext, Promise<void>>();

/** Adds the engine's processors to a context once, however many nodes it makes. */
export function loadWorkletModules(context: BaseAudioContext): Promise<void> {
  let pending = loaded.get(context);
  if (!pending) {
    pending = Promise.all([
      context.audioWorklet.addModule(toneProcessorUrl),
      context.audioWorklet.addModule(engineProcessorUrl),
    ]).then(() => undefined);
    loaded.set(context, pending);
  }
  return pending;
}
