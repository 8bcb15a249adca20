import { clipIdParamsSchema } from "../../../shared/api/clips.ts";
import {
  contestIdParamsSchema,
  contestPageQuerySchema,
  contestPageResponseSchema,
  contestSchema,
  contestsResponseSchema,
  createContestBodySchema,
  isContestClipResponseSchema,
} from "../../../shared/api/contests.ts";
import type { OperationGroup } from "../operation.ts";

/** The routes of routes/contests.ts. */
export const contestsOperations: OperationGroup = {
  tag: "Contests",
  operations: [
    {
      method: "GET",
      path: "/api/contests/",
      summary: "The running contests",
      response: contestsResponseSchema,
    },
    {
      method: "POST",
      path: "/api/contests/",
      summary: "Open a contest on public songs (staff)",
      body: createContestBodySchema,
      response: contestSchema,
    },
    {
      method: "GET",
      path: "/api/contests/:contest_id/",
      summary: "A contest, its songs to remix and a page of its entries, most liked first",
      params: contestIdParamsSchema,
      query: contestPageQuerySchema,
      response: contestPageResponseSchema,
    },
    {
      method: "GET",
      path: "/api/contests/is_contest_clip/:clip_id/",
      summary: "Contests is contest clip",
      params: clipIdParamsSchema,
      response: isContestClipResponseSchema,
    },
  ],
};
