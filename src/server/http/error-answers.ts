import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";
import { requestLanguage, sayMessage } from "./message-texts.ts";
import { API_POLICY } from "./security-headers.ts";

/**
 * Fastify's own refusals of a request's body, said plainly: its messages name its internals
 * ("content-type is set to ...") or echo a JSON parser's position.
 */
const BODY_ERRORS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "The body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The body is empty: send JSON",
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    "Unsupported content type: this route takes JSON or the file types it names",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request body does not match its Content-Length",
};

/** The {detail} of a 4xx Fastify or a plugin raised, fit for the client. */
function clientErrorDetail(error: FastifyError): string {
  if (error.code && BODY_ERRORS[error.code]) return BODY_ERRORS[error.code];
  // The JSON parser's own SyntaxError, marked 400 by Fastify.
  if (error instanceof SyntaxError) return BODY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY;
  return error.message;
}

/** Every error any route or hook raises answers JSON {detail}; a 5xx says nothing of its cause. */
export function registerErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError)
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ detail: error.said ? sayMessage(error.said, requestLanguage(request)) : error.detail });
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error(error);
    return reply
      .status(status)
      .send({ detail: status >= 500 ? "Internal server error" : clientErrorDetail(error) });
  });
}

/**
 * Errors the router raises before any route (a malformed percent-encoding, an over-long path
 * part), answered in the same {detail} shape as every other error: Fastify's `frameworkErrors`.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH")
    return reply.status(414).send({ detail: "A part of the path is too long" });
  if (error.code === "FST_ERR_BAD_URL")
    return reply.status(400).send({ detail: "The path is not a valid URL (bad percent-encoding)" });
  return reply.status(400).send({ detail: "The request cannot be routed" });
}

/** What the HTTP parser refused, by Node's error code; anything else is not HTTP at all. */
const PARSER_ERRORS: Readonly<Record<string, readonly [number, string, string]>> = {
  HPE_HEADER_OVERFLOW: [
    431,
    "Request Header Fields Too Large",
    "The request's address or headers are too long",
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", "The request took too long to arrive"],
};
const NOT_HTTP = [400, "Bad Request", "The request is not valid HTTP"] as const;

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an address or headers past 16 KB,
 * bytes that are not HTTP, a request too slow to arrive): the same {detail} shape and the same
 * nosniff and sandbox headers, written on the socket as Fastify's `clientErrorHandler`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, reason, detail] = PARSER_ERRORS[error.code ?? ""] ?? NOT_HTTP;
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${reason}`,
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "X-Content-Type-Options: nosniff",
        `Content-Security-Policy: ${API_POLICY}`,
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
  }
  socket.destroy(error);
}
