import type { PlanarAudio } from "../../shared/audio/wav.ts";
import type { BeatsResult, BeatsStreamFrame } from "../../shared/beats/beats-result.ts";
import { loadDspModule } from "../dsp-module.ts";
import type { StreamBeatsOptions } from "./analyze.ts";
import BeatsWorker from "./beats-worker.ts?worker";
import type { BeatsRequest, BeatsResponse } from "./beats-worker-protocol.ts";

/**
 * The beat analysis of a clip in a Worker, so the page stays responsive however long the clip;
 * onFrame sees each streamed frame (see beatsStreamFrameSchema) as it arrives. The audio is copied.
 */
export async function analyzeBeatsInWorker(
  audio: PlanarAudio,
  onFrame?: (frame: BeatsStreamFrame) => void,
  options?: StreamBeatsOptions,
): Promise<BeatsResult> {
  const module = await loadDspModule();
  const worker = new BeatsWorker();
  try {
    return await new Promise<BeatsResult>((resolve, reject) => {
      worker.onmessage = ({ data }: MessageEvent<BeatsResponse>) => {
        if (data.type === "frame") onFrame?.(data.frame);
        else if (data.type === "result") resolve(data.result);
        else reject(new Error(data.error));
      };
      worker.onerror = (event) => reject(new Error(`The beats worker failed: ${event.message}`));
      const channels = audio.channels.map((channel) => channel.slice());
      const request: BeatsRequest = { module, sampleRate: audio.sampleRate, channels, options };
      worker.postMessage(
        request,
        channels.map((channel) => channel.buffer),
      );
    });
  } finally {
    worker.terminate();
  }
}
