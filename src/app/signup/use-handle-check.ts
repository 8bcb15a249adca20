import { useEffect, useState } from "react";
import { type HandleAvailability, handleAvailabilitySchema } from "../../shared/api/account.ts";
import { apiRequest } from "../account/api-request.ts";

/** How long typing pauses before the handle is looked up. */
const PAUSE_MS = 300;

/** The handle's availability as it is typed: null while empty or being checked. */
export function useHandleCheck(handle: string): HandleAvailability | null {
  const [answer, setAnswer] = useState<{ handle: string; result: HandleAvailability } | null>(null);
  useEffect(() => {
    if (handle === "") return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiRequest(
        `/api/auth/handle-available?handle=${encodeURIComponent(handle)}`,
        handleAvailabilitySchema,
        {
          signal: controller.signal,
        },
      )
        .then((result) => setAnswer({ handle, result }))
        .catch(() => undefined);
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [handle]);
  return answer !== null && answer.handle === handle ? answer.result : null;
}
