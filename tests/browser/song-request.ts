// The short sung song the browser tests and the player bench ask the generator for, through the
// API as the signed-in page would (the server refuses cross-site cookie posts, so it says its origin).

import type { APIRequestContext } from "playwright-core";

/** Requests the song (two takes); answers the new clips' ids, or throws with the server's answer. */
export async function requestSong(
  request: APIRequestContext,
  baseUrl: string,
  title: string,
): Promise<string[]> {
  const answer = await request.post(`${baseUrl}/api/generate/v2/`, {
    headers: { origin: baseUrl },
    data: {
      title,
      tags: "folk, acoustic guitar",
      prompt: "[Verse]\nLight on the water, keep the harbour bright",
      make_instrumental: false,
      mv: "chirp-crow",
      metadata: { create_mode: "custom" },
    },
  });
  if (answer.status() !== 200)
    throw new Error(`generate answered ${answer.status()}: ${await answer.text()}`);
  return ((await answer.json()) as { clips: { id: string }[] }).clips.map((clip) => clip.id);
}
