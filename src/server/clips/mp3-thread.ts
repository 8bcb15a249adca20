// Decodes a clip's stored audio and encodes it to MP3 off the server's event loop: LAME in wasm
// takes seconds on a whole song (see mp3-download.ts).
import { parentPort } from "node:worker_threads";
import { encodeMp3 } from "../../shared/audio/mp3.ts";
import { decodeAudio } from "./clip-audio.ts";

/** The thread is given the stored file's bytes, and answers the MP3's or why it could not. */
export type Mp3ThreadResponse =
  | { readonly type: "mp3"; readonly mp3: Uint8Array }
  | { readonly type: "error"; readonly error: string };

const port = parentPort;
if (!port) throw new Error("mp3-thread.ts runs in a worker thread");

port.once("message", async (bytes: Uint8Array) => {
  try {
    const audio = await decodeAudio(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!(audio.sampleRate > 0) || audio.channels.length === 0) throw new Error("No audio decoded");
    // Two channels at most (what MP3 holds): a mono song stays mono.
    const channels = audio.channels.slice(0, 2);
    const mp3 = await encodeMp3({ sampleRate: audio.sampleRate, channels }, { vbrQuality: 2 });
    port.postMessage({ type: "mp3", mp3 } satisfies Mp3ThreadResponse, [mp3.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({
      type: "error",
      error: error instanceof Error ? error.message : String(error),
    } satisfies Mp3ThreadResponse);
  }
});
