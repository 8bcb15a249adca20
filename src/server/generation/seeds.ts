import { createHash, randomBytes } from "node:crypto";

/**
 * One uint32 seed per clip: from the request's transaction_uuid when it sends one (so a request can
 * be repeated to the byte), else random; clip i of a batch gets its own, so the clips differ.
 */
export function clipSeeds(transactionUuid: string | null | undefined, count: number): number[] {
  return Array.from({ length: count }, (_, i) =>
    transactionUuid
      ? createHash("sha256").update(`${transactionUuid}:${i}`).digest().readUInt32LE(0)
      : randomBytes(4).readUInt32LE(0),
  );
}
