import { SHARED_READ_ONLY_STATUS, VERSION_LOCKED_STATUS } from "../../shared/api/studio.ts";

/**
 * What a failed save means for the next attempt:
 * - offline: no answer; try again later, and as soon as the browser is back online;
 * - locked: the version is locked (the page opens the clone modal); saving stops;
 * - read_only: someone else's shared project (the page offers "Duplicate project to Remix"); stops;
 * - rejected: the server refused this state (400, 404, 413): trying the same again cannot help;
 * - failed: the server failed or was busy (5xx, 429, signed out meanwhile): try again later.
 */
export type SaveFailure = "offline" | "locked" | "read_only" | "rejected" | "failed";

const REJECTED = new Set([400, 404, 409, 413, 422]);

export function classifySaveError(error: unknown): SaveFailure {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number") {
    if (status === VERSION_LOCKED_STATUS) return "locked";
    if (status === SHARED_READ_ONLY_STATUS) return "read_only";
    return REJECTED.has(status) ? "rejected" : "failed";
  }
  // fetch rejects with a TypeError when there is no answer; the API client wraps it.
  const name = (error as { name?: unknown } | null)?.name;
  return name === "StudioNetworkError" || error instanceof TypeError ? "offline" : "failed";
}

export function errorMessage(error: unknown): string {
  const detail = (error as { detail?: unknown } | null)?.detail;
  if (typeof detail === "string") return detail;
  return error instanceof Error ? error.message : String(error);
}
