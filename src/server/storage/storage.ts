import type { Readable } from "node:stream";

/** A byte range, both ends included, as HTTP Range gives it. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

export interface StoredObject {
  readonly size: number;
  readonly contentType: string;
}

/**
 * Where media lives: local disk under DATA_DIR by default, an S3-compatible
 * store when configured. Keys are server-made (never client file names), so
 * nothing a client sends can reach outside the store.
 */
export interface Storage {
  /** Streams a body in; the limit is enforced while streaming, and a partial object is removed. */
  put(
    key: string,
    body: Readable,
    options: { contentType: string; maxBytes?: number },
  ): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
}
