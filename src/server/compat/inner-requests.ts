import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * The compatibility routes answer through the server's own routes (app.inject). Their inner
 * requests carry this header with a value made per process, unknown outside it, so the edge
 * adapters act once, on the outer answer.
 */
export const INNER_REQUEST_HEADER = "x-tunesmith-inner";
export const INNER_REQUEST_MARK = randomBytes(16).toString("base64url");

export const isInnerRequest = (request: FastifyRequest) =>
  request.headers[INNER_REQUEST_HEADER] === INNER_REQUEST_MARK;
