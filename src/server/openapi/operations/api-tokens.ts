import {
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
} from "../../../shared/api/api-tokens.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/api-tokens.ts. */
export const apiTokensOperations: OperationGroup = {
  tag: "Script tokens",
  operations: [
    {
      method: "GET",
      path: "/api/account/api-tokens",
      summary: "Your script tokens (signed in, not with a script token)",
      response: apiTokenListSchema,
    },
    {
      method: "POST",
      path: "/api/account/api-tokens",
      summary: "Make a script token: the secret is in this answer only",
      body: createApiTokenBodySchema,
      response: createdApiTokenSchema,
    },
    {
      method: "DELETE",
      path: "/api/account/api-tokens/:token_id",
      summary: "Revoke a script token at once",
      params: apiTokenIdParamsSchema,
      produces: "(empty, 204)",
    },
  ],
};
