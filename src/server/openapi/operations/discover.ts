import {
  discoverBodySchema,
  discoverResponseSchema,
  followingFeedBodySchema,
  followingFeedResponseSchema,
  metaplaylistResponseSchema,
} from "../../../shared/api/discovery.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/discover.ts. */
export const discoverOperations: OperationGroup = {
  tag: "Discover",
  operations: [
    {
      method: "POST",
      path: "/api/discover/",
      summary: "Discover",
      body: discoverBodySchema,
      response: discoverResponseSchema,
    },
    {
      method: "GET",
      path: "/api/trending/metaplaylist/",
      summary: "Trending metaplaylist",
      response: metaplaylistResponseSchema,
    },
    {
      method: "POST",
      path: "/api/social/following-feed/",
      summary: "Social following feed",
      body: followingFeedBodySchema,
      response: followingFeedResponseSchema,
    },
  ],
};
