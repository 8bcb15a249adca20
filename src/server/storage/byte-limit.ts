import { Transform } from "node:stream";

/** Raised when a body grows past its limit: the caller answers 413. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

/**
 * Passes bytes through, counting them, and fails the stream the moment the
 * count passes the limit: a large body is refused while it streams, never
 * after it has been taken in whole.
 */
export function byteLimit(maxBytes = Number.POSITIVE_INFINITY): Transform & { readonly size: number } {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? new ObjectTooLargeError(maxBytes) : null, chunk);
    },
  });
  return Object.defineProperty(counter, "size", { get: () => size }) as Transform & { readonly size: number };
}
