import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The pages' policy. Scripts come only from our own origin (no inline script: the built index.html
 * loads modules by URL); 'wasm-unsafe-eval' lets the DSP core compile; workers and worklets load from
 * our origin or from blob: URLs (the timeline's renderer makes some); audio and images may be blob:
 * or data: URLs made on the page, and the MP3 encoder fetches its wasm from a data: URL. Styles allow inline attributes, which React and the renderer set.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "connect-src 'self' data: blob:",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

/** Only the embeddable player may be framed, by any site; every other page by none. */
const pagePolicy = (path: string) =>
  [...PAGE_POLICY, path.startsWith("/embed/") ? "frame-ancestors *" : "frame-ancestors 'none'"].join("; ");

/**
 * API answers and user files: nothing in them may run, load or be framed, even if a browser is led
 * to open one as a document (a stored file is then a sandboxed, opaque-origin page).
 */
export const API_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

/** Methods and headers API clients with bearer tokens may use from other origins. */
const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE",
  "access-control-allow-headers": "Authorization, Content-Type, Range",
  "access-control-expose-headers": "Content-Range, Content-Length, Accept-Ranges, Retry-After",
  "access-control-max-age": "600",
} as const;

const isApi = (request: FastifyRequest) => request.url.startsWith("/api/");

function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header("x-content-type-options", "nosniff");
  reply.header("referrer-policy", "strict-origin-when-cross-origin");
  // Only over HTTPS (directly, or as said by a trusted proxy): HSTS on plain HTTP would be ignored.
  if (request.protocol === "https") reply.header("strict-transport-security", "max-age=31536000");
  const path = request.url.split("?")[0];
  if (isApi(request)) {
    reply.header("content-security-policy", API_POLICY);
    // Any origin may call the API, but never with the user's cookies: no Allow-Credentials, so a
    // cross-origin page reads only what its own bearer token (or no sign-in) may read.
    reply.headers(CORS_HEADERS);
  } else {
    reply.header("content-security-policy", pagePolicy(path));
    if (!path.startsWith("/embed/")) reply.header("x-frame-options", "DENY");
  }
}

/**
 * Security headers on every answer (pages, API, files, errors), and CORS preflights for the API
 * answered here, before any route: a preflight carries no credentials to check.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "OPTIONS" && isApi(request)) {
      setSecurityHeaders(request, reply);
      return reply.status(204).send();
    }
  });
  app.addHook("onSend", async (request, reply) => {
    setSecurityHeaders(request, reply);
  });
}
