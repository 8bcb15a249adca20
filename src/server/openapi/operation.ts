import type { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One route of the API as the OpenAPI document describes it: the same zod schemas its handler parses
 * the request with (so the document cannot drift from what the server accepts), and the schema of
 * its answer where the shared code has one.
 */
export interface Operation {
  readonly method: HttpMethod | readonly HttpMethod[];
  /** Fastify's URL pattern (`:name` parameters); several when the route answers with and without a trailing slash. */
  readonly path: string | readonly string[];
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
  /** The request's content type when it is not JSON (a multipart form). */
  readonly consumes?: string;
  /** What the route answers when it is not JSON (a file, a page, a websocket). */
  readonly produces?: string;
}

/** The operations of one route module, under one tag of the document. */
export interface OperationGroup {
  readonly tag: string;
  readonly operations: readonly Operation[];
}
