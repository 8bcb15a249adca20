import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { byteLimit } from "./byte-limit.ts";

export interface SpooledFile {
  readonly path: string;
  readonly size: number;
  remove(): Promise<void>;
}

/** Streams a body of unknown length to a temporary file (under the limit), so its size is known before it is sent on. */
export async function spoolToTempFile(body: Readable, maxBytes?: number): Promise<SpooledFile> {
  const dir = await mkdtemp(join(tmpdir(), "tunesmith-spool-"));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, "body");
  const counter = byteLimit(maxBytes);
  try {
    await pipeline(body, counter, createWriteStream(path));
  } catch (error) {
    await remove();
    throw error;
  }
  return { path, size: counter.size, remove };
}
