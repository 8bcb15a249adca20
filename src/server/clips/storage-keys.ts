import { badRequest } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,499}$/;

/**
 * A storage key a client names (an uploaded image or video for a cover): it must look like the keys
 * the server makes, exist, and hold the expected kind of media.
 */
export async function existingMediaKey(
  storage: Storage,
  key: string,
  kind: "image" | "video",
  problem: string,
): Promise<string> {
  if (!KEY_PATTERN.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw badRequest(problem);
  }
  const stored = await storage.stat(key);
  if (!stored?.contentType.startsWith(`${kind}/`)) throw badRequest(problem);
  return key;
}
