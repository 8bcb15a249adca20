// Encodes MP3 off the main thread: LAME in wasm takes a while on a long mixdown.
import { encodeMp3 } from "../../shared/audio/mp3.ts";
import { decodeWav } from "../../shared/audio/wav.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<ArrayBuffer>) => void) | null;
  postMessage(message: { mp3: Uint8Array } | { error: string }, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = async ({ data }) => {
  try {
    const mp3 = await encodeMp3(decodeWav(data), { vbrQuality: 2 });
    scope.postMessage({ mp3 }, [mp3.buffer]);
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
