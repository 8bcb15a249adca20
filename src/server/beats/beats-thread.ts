// Decodes a clip's audio and analyses its beats off the server's event loop (see run-beats-thread.ts).
import { readFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { handleBeatsRequest } from "../../engine/node.ts";
import { DSP_WASM } from "../../platform/paths.ts";
import type { PlanarAudio } from "../../shared/audio/wav.ts";
import { decodeAudio, UnsupportedAudioError } from "../clips/clip-audio.ts";
import {
  type BeatsThreadRequest,
  type BeatsThreadResponse,
  UNREADABLE_AUDIO,
  UNSUPPORTED_AUDIO,
} from "./beats-thread-protocol.ts";

const port = parentPort;
if (!port) throw new Error("beats-thread.ts runs in a worker thread");
const post = (response: BeatsThreadResponse) => port.postMessage(response);

port.once("message", async (request: BeatsThreadRequest) => {
  let audio: PlanarAudio;
  try {
    const bytes = Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
    audio = await decodeAudio(bytes);
    if (!(audio.sampleRate > 0)) throw new Error("No audio decoded");
  } catch (error) {
    post({
      type: "error",
      error: error instanceof UnsupportedAudioError ? UNSUPPORTED_AUDIO : UNREADABLE_AUDIO,
    });
    return;
  }
  const module = new WebAssembly.Module(readFileSync(DSP_WASM));
  handleBeatsRequest(
    { module, sampleRate: audio.sampleRate, channels: [...audio.channels], options: request.options },
    post,
  );
});
