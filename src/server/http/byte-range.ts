import type { ByteRange } from "../storage/storage.ts";

export type RangeRequest =
  | { readonly kind: "full" }
  | { readonly kind: "partial"; readonly range: ByteRange }
  | { readonly kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a Range header against a body of `size` bytes (RFC 9110 section 14): one range, closed,
 * open-ended or a suffix. A header we cannot read, several ranges, or another unit is ignored and
 * the whole body served, as the RFC allows; a readable range past the end is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: "full" };
  const match = SINGLE_RANGE.exec(header.replace(/\s+/g, ""));
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "full" };
  const [first, last] = [match[1], match[2]];
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return { kind: "full" };
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: "partial", range: { start, end } };
}
