import type { FastifyInstance } from "fastify";
import type { Storage } from "./storage.ts";

/** A write older than this is no one's: the longest upload form lives an hour. */
export const LEFTOVER_AGE_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Removes the partial files crashed writes left in the store, at start and then hourly (tests
 * sweep more often), logging
 * how many and how large. Only ones older than an hour go, so another instance's upload in
 * progress on the same store survives.
 */
export function registerLeftoverSweep(
  app: FastifyInstance,
  storage: Storage,
  everyMs = SWEEP_EVERY_MS,
): void {
  const sweep = storage.removeLeftovers?.bind(storage);
  if (!sweep) return;
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const removed = await sweep(LEFTOVER_AGE_MS);
      app.log.info({ files: removed.files, bytes: removed.bytes }, "removed leftover partial files");
    } catch (error) {
      app.log.error({ err: error }, "cannot remove leftover partial files");
    }
  };
  app.addHook("onReady", async () => {
    void run();
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));
}
