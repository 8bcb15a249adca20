import { editorRequestBodySchema } from "../../../shared/api/clip-actions.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/editor-requests.ts. */
export const editorRequestsOperations: OperationGroup = {
  tag: "Editor requests",
  operations: [
    {
      method: "POST",
      path: "/api/marketplace/editor-requests",
      summary: "Marketplace editor requests",
      body: editorRequestBodySchema,
    },
    { method: "GET", path: "/api/marketplace/editor-requests", summary: "Marketplace editor requests" },
  ],
};
