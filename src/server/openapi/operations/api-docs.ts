import type { OperationGroup } from "../operation.ts";

/** The routes of routes/api-docs.ts. */
export const apiDocsOperations: OperationGroup = {
  tag: "API docs",
  operations: [
    { method: "GET", path: "/api/openapi.json", summary: "This document (OpenAPI 3.1)" },
    { method: "GET", path: "/api/docs", summary: "This document as a readable page", produces: "text/html" },
  ],
};
