import { buildOpenApiDocument, type OpenApiDocument } from "./document.ts";
import { OPERATION_GROUPS } from "./operations/index.ts";

let built: OpenApiDocument | null = null;

/** The server's document, built on first use (it does not change while the server runs). */
export function serverOpenApiDocument(): OpenApiDocument {
  built ??= buildOpenApiDocument(OPERATION_GROUPS);
  return built;
}
