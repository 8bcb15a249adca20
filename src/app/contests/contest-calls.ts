import { type ContestPageResponse, contestPageResponseSchema } from "../../shared/api/contests.ts";
import { apiRequest } from "../account/api-request.ts";

/** GET /api/contests/{id}/: the contest, its base songs and a page of its ranked entries. */
export const fetchContestPage = (contestId: string, page: number): Promise<ContestPageResponse> =>
  apiRequest(`/api/contests/${encodeURIComponent(contestId)}/?page=${page}`, contestPageResponseSchema);

/** "Ends 3 Dec 2026", "Ended 1 Dec 2026", or nothing for a contest open until staff end it. */
export function contestDeadline(endTime: string | null, isActive: boolean, now = Date.now()): string | null {
  const over = !isActive || (endTime !== null && Date.parse(endTime) <= now);
  if (endTime === null) return over ? "Ended" : null;
  const day = new Date(endTime).toLocaleDateString(undefined, {
    day: "numeric",
    month: "short",
    year: "numeric",
  });
  return `${over ? "Ended" : "Ends"} ${day}`;
}
