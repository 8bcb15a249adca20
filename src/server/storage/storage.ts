import type { Readable } from "node:stream";
import type { FormPostSigner } from "./form-post-signer.ts";

/** A byte range, both ends included, as HTTP Range gives it. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

export interface StoredObject {
  readonly size: number;
  readonly contentType: string;
}

/** A direct upload: the page form-posts `fields`, then the file as the last part, to `url`. */
export interface PresignedPost {
  readonly url: string;
  readonly fields: Record<string, string>;
}

export interface PresignPostOptions {
  /** The file's size must lie in this range, checked by the store while the file arrives. */
  readonly minBytes: number;
  readonly maxBytes: number;
  readonly expiresInSeconds: number;
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
  /**
   * Copies an object to a new key inside the store (a file copy on disk, a server-side copy on S3):
   * the bytes never pass through this process. A copy is complete or absent, never partial.
   */
  copy(fromKey: string, toKey: string): Promise<StoredObject>;
  /** Every stored key (no writes in progress), in no set order: what a backup copies. */
  list(): AsyncIterable<string>;
  /** Lets the page send a file straight to the store, under one key, as S3's presigned POST does. */
  presignPost(key: string, options: PresignPostOptions): Promise<PresignedPost>;
  /** Stores that take the page's form posts themselves (local disk) check their signed fields with this. */
  readonly formPostSigner?: FormPostSigner;
  /**
   * Removes what writes cut off by a crash left behind, if older than `olderThanMs` (a younger one
   * may be another instance's write in progress); stores whose writes leave nothing have none.
   */
  removeLeftovers?(olderThanMs: number): Promise<Leftovers>;
}

/** What a leftover sweep removed. */
export interface Leftovers {
  readonly files: number;
  readonly bytes: number;
}
