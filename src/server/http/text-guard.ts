import type { FastifyInstance } from "fastify";
import { findUnsafeText, UNSAFE_TEXT } from "../../shared/api/safe-text.ts";
import { badRequest } from "./errors.ts";

/**
 * The safe-text rule on every route's path, query and body, before any handler: text with a NUL, a
 * control character or a lone surrogate never reaches the database, the engine or a file name, on
 * routes written today or later.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const found =
      findUnsafeText(request.params, "path") ??
      findUnsafeText(request.query, "query") ??
      findUnsafeText(request.body, "body");
    if (found) throw badRequest(`Invalid ${found.split(".")[0]}: ${found} ${UNSAFE_TEXT}`);
  });
}
