// A Worker that renders a project to WAV off the main thread, with the same
// engine code as the worklet and Node.
import "../shared/zod-without-eval.ts";
import { instantiateDsp } from "../../worklets/dsp-instance.ts";
import { encodeWav } from "../shared/audio/wav.ts";
import { renderProject } from "./project-render.ts";
import type { RenderRequest, RenderResponse } from "./render-worker-protocol.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<RenderRequest>) => void) | null;
  postMessage(message: RenderResponse, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data }) => {
  try {
    const audio = renderProject(instantiateDsp(data.module), data.state, data.sources, data.sampleRate);
    const wav = encodeWav({ sampleRate: audio.sampleRate, channels: [audio.left, audio.right] }, data.format);
    scope.postMessage({ wav }, [wav]);
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
