import type { OperationGroup } from "../operation.ts";

/** The routes of routes/health.ts. */
export const healthOperations: OperationGroup = {
  tag: "Health",
  operations: [{ method: "GET", path: "/api/health", summary: "Probed every few seconds by orchestrators" }],
};
