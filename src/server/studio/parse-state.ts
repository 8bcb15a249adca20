import { INVALID_PROJECT_STATE_FORMAT, parseProjectState } from "../../shared/project/index.ts";
import { badRequest } from "../http/errors.ts";

/** A request's project state, checked as the page checks it: the same messages on both sides. */
export function parseRequestState(raw: unknown) {
  try {
    return parseProjectState(raw);
  } catch (error) {
    throw badRequest(error instanceof Error ? error.message : INVALID_PROJECT_STATE_FORMAT);
  }
}
