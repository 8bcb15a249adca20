import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ByteRange, Storage, StoredObject } from "./storage.ts";

/** Raised when a body grows past its limit: the caller answers 413. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

/**
 * Media on local disk under one folder. Bodies stream to a temporary file and
 * are renamed into place once complete, so a cut-off upload never leaves a
 * partial object behind; content types sit beside the data.
 */
export class LocalDiskStorage implements Storage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key ${key} leaves the store`);
    return path;
  }

  async put(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes?: number },
  ): Promise<StoredObject> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.partial-${process.pid}-${Date.now()}`;
    let size = 0;
    const limit = options.maxBytes ?? Number.POSITIVE_INFINITY;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(size > limit ? new ObjectTooLargeError(limit) : null, chunk);
      },
    });
    try {
      await pipeline(body, counter, createWriteStream(partial));
      await writeFile(`${partial}.type`, options.contentType);
      await rename(`${partial}.type`, `${path}.type`);
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      await rm(`${partial}.type`, { force: true });
      throw error;
    }
    return { size, contentType: options.contentType };
  }

  async stat(key: string): Promise<StoredObject | null> {
    const path = this.path(key);
    try {
      const [info, contentType] = await Promise.all([stat(path), readFile(`${path}.type`, "utf8")]);
      return { size: info.size, contentType };
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }
}

/** The default store: DATA_DIR/files. */
export const localStorageIn = (dataDir: string) => new LocalDiskStorage(join(dataDir, "files"));
