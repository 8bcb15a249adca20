// The lyrics-generation button's job: request, then poll every 4 s up to 10
// times. A newer request cancels the older one.

import {
  generateLyricsResponseSchema,
  isLyricsJobFinished,
  type LyricsJob,
  lyricsJobSchema,
} from "../../shared/api/lyrics.ts";
import { apiRequest } from "../account/api-request.ts";
import { createSessionToken } from "./create-session.ts";

export const LYRICS_POLL_MS = 4000;
export const LYRICS_POLL_TRIES = 10;

export type LyricsOutcome =
  | { readonly kind: "done"; readonly job: LyricsJob }
  | { readonly kind: "request-failed"; readonly error: unknown }
  | { readonly kind: "poll-failed"; readonly error: unknown }
  | { readonly kind: "error"; readonly message: string }
  | { readonly kind: "timeout" }
  | { readonly kind: "cancelled" };

let current = 0;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function generateLyrics(prompt: string, lyricsModel: string): Promise<LyricsOutcome> {
  const mine = ++current;
  let id: string;
  try {
    ({ id } = await apiRequest("/api/generate/lyrics/", generateLyricsResponseSchema, {
      body: { prompt, lyrics_model: lyricsModel, create_session_token: createSessionToken },
    }));
  } catch (error) {
    return { kind: "request-failed", error };
  }
  for (let attempt = 0; attempt < LYRICS_POLL_TRIES; attempt++) {
    if (mine !== current) return { kind: "cancelled" };
    let job: LyricsJob;
    try {
      job = await apiRequest(`/api/generate/lyrics/${id}`, lyricsJobSchema);
    } catch (error) {
      return { kind: "poll-failed", error };
    }
    if (mine !== current) return { kind: "cancelled" };
    if (isLyricsJobFinished(job.status)) return { kind: "done", job };
    if (job.status === "error") return { kind: "error", message: job.error_message ?? "" };
    await wait(LYRICS_POLL_MS);
  }
  return { kind: "timeout" };
}
