// A warm thread for the warm threads' tests: answers each request with its thread id and how many
// requests it has served, or dies or hangs on request.
import { parentPort, threadId } from "node:worker_threads";

let served = 0;
parentPort.on("message", (request) => {
  if (request.kind === "crash") process.exit(3);
  if (request.kind === "hang") return;
  served += 1;
  parentPort.postMessage({ threadId, served });
});
