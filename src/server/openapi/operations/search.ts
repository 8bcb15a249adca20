import { searchBodySchema, searchResponseSchema } from "../../../shared/api/search.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/search.ts. */
export const searchOperations: OperationGroup = {
  tag: "Search",
  operations: [
    {
      method: "POST",
      path: "/api/search/",
      summary: "Search",
      body: searchBodySchema,
      response: searchResponseSchema,
    },
  ],
};
