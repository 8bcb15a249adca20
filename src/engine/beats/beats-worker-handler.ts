import { instantiateDsp } from "../../../worklets/dsp-instance.ts";
import { streamBeats } from "./analyze.ts";
import type { BeatsRequest, BeatsResponse } from "./beats-worker-protocol.ts";

/** What the beats Worker does with a request; apart from it so that Node can run it too. */
export function handleBeatsRequest(request: BeatsRequest, post: (response: BeatsResponse) => void): void {
  try {
    const dsp = instantiateDsp(request.module);
    const frames = streamBeats(
      dsp,
      { sampleRate: request.sampleRate, channels: request.channels },
      request.options,
    );
    for (let step = frames.next(); ; step = frames.next()) {
      if (step.done) {
        post({ type: "result", result: step.value });
        return;
      }
      post({ type: "frame", frame: step.value });
    }
  } catch (error) {
    post({ type: "error", error: error instanceof Error ? error.message : String(error) });
  }
}
