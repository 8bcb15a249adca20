import { type ContestPageResponse, contestPageResponseSchema } from "../../shared/api/contests.ts";
import { apiRequest } from "../account/api-request.ts";

/** GET /api/contests/{id}/: the contest, its base songs and a page of its ranked entries. */
export const fetchContestPage = (contestId: string, page: number): Promise<ContestPageResponse> =>
  apiRequest(`/api/contests/${encodeURIComponent(contestId)}/?page=${page}`, contestPageResponseSchema);

/** A contest's end as the page words it: over or not, and on which day when it has one. */
export interface ContestDeadline {
  readonly over: boolean;
  readonly endTime: string | null;
}

/**
 * Whether the contest has ended and when it ends or ended ("Ends 3 Dec 2026", "Ended"), or null for
 * a contest open until staff end it, which has no deadline to show.
 */
export function contestDeadline(
  endTime: string | null,
  isActive: boolean,
  now = Date.now(),
): ContestDeadline | null {
  const over = !isActive || (endTime !== null && Date.parse(endTime) <= now);
  return endTime === null && !over ? null : { over, endTime };
}
