// Decodes a song and separates it into stems off the server's event loop (see run-separation-thread.ts).
import { parentPort } from "node:worker_threads";
import { encodeWav, type PlanarAudio } from "../../shared/audio/wav.ts";
import { decodeAudio } from "../clips/clip-audio.ts";
import { newServerDsp } from "../clips/server-dsp.ts";
import { separateAudio } from "./separate-audio.ts";
import {
  type SeparationThreadRequest,
  type SeparationThreadResponse,
  UNREADABLE_SONG,
} from "./separation-thread-protocol.ts";

const port = parentPort;
if (!port) throw new Error("separation-thread.ts runs in a worker thread");

port.once("message", async (request: SeparationThreadRequest) => {
  let song: PlanarAudio;
  try {
    song = await decodeAudio(
      Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength),
    );
    if (!(song.sampleRate > 0) || song.channels.length === 0) throw new Error("No audio decoded");
  } catch {
    port.postMessage({ type: "error", error: UNREADABLE_SONG } satisfies SeparationThreadResponse);
    return;
  }
  const stems = separateAudio(newServerDsp(), song).map((stem) => ({
    name: stem.name,
    wav: new Uint8Array(encodeWav(stem.audio, "float32")),
  }));
  const response: SeparationThreadResponse = { type: "result", stems };
  port.postMessage(
    response,
    stems.map((stem) => stem.wav.buffer as ArrayBuffer),
  );
});
