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
      summary: "Credits left, the billing period and this month's use",
      response: billingInfoSchema,
    },
    {
      method: "GET",
      path: ["/api/billing/models/", "/api/billing/models"],
      summary: "The models your plan may use",
      response: billingModelsResponseSchema,
    },
    {
      method: "GET",
      path: "/api/billing/download-usage",
      summary: "Downloads left this month",
      query: downloadUsageQuerySchema,
    },
  ],
};
