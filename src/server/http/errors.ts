import type { Message } from "../../shared/i18n/messages.ts";
import { sayMessage } from "./message-texts.ts";

/**
 * An error the client caused or may see: its status, a one-line `detail`, and any headers that
 * go with it (e.g. Retry-After on a 429).
 */
export class HttpError extends Error {
  /** The detail in English, for logs and callers. */
  readonly detail: string;
  /** A shared rule's message, answered in the request's language; null when `detail` is all there is. */
  readonly said: Message | null;

  constructor(
    readonly statusCode: number,
    detail: string | Message,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    const english = typeof detail === "string" ? detail : sayMessage(detail);
    super(english);
    this.detail = english;
    this.said = typeof detail === "string" ? null : detail;
  }
}

export const badRequest = (detail: string | Message) => new HttpError(400, detail);
export const unauthorized = (detail = "Sign in to continue") => new HttpError(401, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail: string) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
