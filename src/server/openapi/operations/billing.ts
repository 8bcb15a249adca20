import {
  billingInfoSchema,
  billingModelsResponseSchema,
  downloadUsageQuerySchema,
} from "../../../shared/api/billing.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/billing.ts. */
export const billingOperations: OperationGroup = {
  tag: "Billing",
  operations: [
    {
      method: "GET",
      path: ["/api/billing/info/", "/api/billing/info"],
      summary: "Billing info",
      response: billingInfoSchema,
    },
    {
      method: "GET",
      path: ["/api/billing/models/", "/api/billing/models"],
      summary: "Billing models",
      response: billingModelsResponseSchema,
    },
    {
      method: "GET",
      path: "/api/billing/download-usage",
      summary: "Billing download usage",
      query: downloadUsageQuerySchema,
    },
  ],
};
