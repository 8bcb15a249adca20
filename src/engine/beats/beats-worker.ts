// A Worker that analyses a clip's beats off the main thread, posting streamed frames as they come.
import { handleBeatsRequest } from "./beats-worker-handler.ts";
import type { BeatsRequest, BeatsResponse } from "./beats-worker-protocol.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<BeatsRequest>) => void) | null;
  postMessage(message: BeatsResponse): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data }) => handleBeatsRequest(data, (response) => scope.postMessage(response));
