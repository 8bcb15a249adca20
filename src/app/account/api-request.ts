// The pages' JSON calls to this server: bodies go as JSON, answers are checked against the shared
// zod schemas, and a refusal becomes an ApiError carrying the server's status and `detail`.

import type { z } from "zod";
import { summarizeIssues } from "../../shared/zod-issues.ts";
import { currentLanguage } from "../i18n/i18n.ts";

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly detail: string,
    /** The answer's body as text, for callers that look for words in it (429 variants). */
    readonly body: string | null,
  ) {
    super(detail);
  }
}

export interface ApiRequestOptions {
  readonly method?: "GET" | "POST" | "DELETE" | "PUT" | "PATCH";
  readonly body?: unknown;
  readonly signal?: AbortSignal;
}

function detailOf(status: number, body: string | null): string {
  if (body !== null) {
    try {
      const parsed = JSON.parse(body) as { detail?: unknown };
      if (typeof parsed.detail === "string") return parsed.detail;
    } catch {
      // Not JSON: fall through to the status line.
    }
  }
  return `The server answered ${status}`;
}

async function send(path: string, options: ApiRequestOptions): Promise<Response> {
  const hasBody = options.body !== undefined;
  const response = await fetch(path, {
    method: options.method ?? (hasBody ? "POST" : "GET"),
    // The server says shared rules' refusals in this language (a signed-in person's saved choice wins).
    headers: {
      "accept-language": currentLanguage(),
      ...(hasBody ? { "content-type": "application/json" } : {}),
    },
    body: hasBody ? JSON.stringify(options.body) : undefined,
    credentials: "same-origin",
    signal: options.signal,
  });
  if (!response.ok) {
    const body = await response.text().catch(() => null);
    throw new ApiError(response.status, detailOf(response.status, body), body);
  }
  return response;
}

/** A call whose answer must match `schema`. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  options: ApiRequestOptions = {},
): Promise<z.infer<Schema>> {
  const response = await send(path, options);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`Unexpected answer from ${path}: ${summarizeIssues(parsed.error)}`);
  return parsed.data;
}

/** A call whose answer carries nothing the page reads. */
export async function apiSend(path: string, options: ApiRequestOptions = {}): Promise<void> {
  await send(path, options);
}
