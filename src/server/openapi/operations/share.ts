import { oembedQuerySchema, shareCodeParamsSchema, shareLinkBodySchema } from "../../../shared/api/share.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/share.ts. */
export const shareOperations: OperationGroup = {
  tag: "Share",
  operations: [
    { method: "POST", path: "/api/share/link", summary: "Share link", body: shareLinkBodySchema },
    {
      method: "GET",
      path: "/api/share/code/:share_id",
      summary: "Share code",
      params: shareCodeParamsSchema,
    },
    { method: "GET", path: "/api/oembed", summary: "Oembed", query: oembedQuerySchema },
  ],
};
