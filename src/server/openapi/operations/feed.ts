import { feedV2ResponseSchema, feedV3ResponseSchema } from "../../../shared/api/clips.ts";
import {
  feedOffsetBodySchema,
  feedV2QuerySchema,
  feedV3BodySchema,
} from "../../../shared/api/feed-query-schemas.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/feed.ts. */
export const feedOperations: OperationGroup = {
  tag: "Feed",
  operations: [
    {
      method: "GET",
      path: "/api/feed/v2",
      summary: "Songs by ids (polling) or your library by page",
      query: feedV2QuerySchema,
      response: feedV2ResponseSchema,
    },
    {
      method: "POST",
      path: "/api/feed/v3",
      summary: "Your library with filters, search and sort (cursor pages)",
      body: feedV3BodySchema,
      response: feedV3ResponseSchema,
    },
    {
      method: "POST",
      path: "/api/feed/v3/offset",
      summary: "Your library by page number",
      body: feedOffsetBodySchema,
    },
  ],
};
