// A pool thread for the worker pool's tests: real threads that answer, fail, spin or die on request.
import { register } from "tsx/esm/api";

register();
const { servePool } = await import("../../src/generator/workers/pool-protocol.ts");
const { threadId } = await import("node:worker_threads");

servePool((request, progress) => {
  for (let i = 0; i < (request.steps ?? 0); i++) progress({ step: i });
  if (request.kind === "crash") process.exit(3);
  if (request.kind === "throw") throw new Error("the job failed");
  if (request.kind === "spin") {
    const until = Date.now() + request.ms;
    while (Date.now() < until) {
      // Busy: an abort must end this thread, it never yields.
    }
  }
  const data = new Float32Array(request.length ?? 0).fill(threadId);
  return { result: { threadId, data }, transfer: [data.buffer] };
});
