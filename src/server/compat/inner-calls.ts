import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Clip } from "../../shared/api/clips.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { HttpError } from "../http/errors.ts";
import { INNER_REQUEST_HEADER, INNER_REQUEST_MARK } from "./inner-requests.ts";

/** How long a waiting proxy call follows its songs, as the upstream proxy does; then it answers what it has. */
const WAIT_AUDIO_MS = 100_000;
// In-process calls: cheap enough to ask four times a second.
const POLL_MS = 250;

export type InnerCall = <T>(method: "GET" | "POST", url: string, body?: unknown) => Promise<T>;

/**
 * Calls the server's own route as the caller, with the caller's credential: the same checks,
 * limits and answers as a direct call. A refusal comes back as the same status and detail.
 */
export function innerCall(app: FastifyInstance, request: FastifyRequest): InnerCall {
  requireUser(request);
  const token = request.auth?.token as string;
  return async <T>(method: "GET" | "POST", url: string, body?: unknown) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        [INNER_REQUEST_HEADER]: INNER_REQUEST_MARK,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = response.json() as T & { detail?: unknown };
    if (response.statusCode >= 400) {
      throw new HttpError(
        response.statusCode,
        typeof answer.detail === "string" ? answer.detail : "Request failed",
      );
    }
    return answer;
  };
}

const settled = (clips: readonly Clip[]) =>
  clips.every((clip) => clip.status === "streaming" || clip.status === "complete") ||
  clips.every((clip) => clip.status === "error");

/**
 * The clips by id, followed until every one plays (streaming or complete) or every one failed, for
 * at most 100 seconds: the proxy's wait_audio.
 */
export async function clipsWhenPlayable(call: InnerCall, ids: readonly string[]): Promise<Clip[]> {
  const deadline = Date.now() + WAIT_AUDIO_MS;
  for (;;) {
    const { clips } = await call<{ clips: Clip[] }>("GET", `/api/feed/v2?ids=${ids.join(",")}`);
    if (settled(clips) || Date.now() >= deadline) return clips;
    await sleep(POLL_MS);
  }
}

/** A lyrics job followed until it is over, for at most 100 seconds. */
export async function finishedLyrics<T extends { status: string }>(call: InnerCall, id: string): Promise<T> {
  const deadline = Date.now() + WAIT_AUDIO_MS;
  for (;;) {
    const job = await call<T>("GET", `/api/generate/lyrics/${id}`);
    if (job.status !== "running" || Date.now() >= deadline) return job;
    await sleep(POLL_MS);
  }
}
