import type { WavFormat } from "../shared/audio/wav.ts";
import type { StudioProjectState } from "../shared/project/index.ts";
import { loadDspModule } from "./dsp-module.ts";
import type { SourceAudio } from "./project-render.ts";
import RenderWorker from "./render-worker.ts?worker";
import type { RenderRequest, RenderResponse } from "./render-worker-protocol.ts";

/** Renders a project to a WAV file in a Worker, so the page stays responsive however long the song. */
export async function renderProjectToWav(
  state: StudioProjectState,
  sources: ReadonlyMap<string, SourceAudio>,
  sampleRate: number,
  format: WavFormat = "float32",
): Promise<ArrayBuffer> {
  const module = await loadDspModule();
  const worker = new RenderWorker();
  try {
    const response = await new Promise<RenderResponse>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<RenderResponse>) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(`The render worker failed: ${event.message}`));
      const request: RenderRequest = { module, state, sources, sampleRate, format };
      worker.postMessage(request);
    });
    if ("error" in response) throw new Error(response.error);
    return response.wav;
  } finally {
    worker.terminate();
  }
}
