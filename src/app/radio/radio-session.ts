// The song radio playing now: its seed, its style and every song it queued this session, so none
// comes twice. The refill follows the player: once 2 or fewer songs remain, the next songs like the
// seed are fetched and added at the end of the queue.

import { type Clip, clipSchema } from "../../shared/api/clips.ts";
import { radioResponseSchema } from "../../shared/api/radio.ts";
import { apiRequest } from "../account/api-request.ts";
import { needsRefill } from "../player/autoplay-rules.ts";
import { playList } from "../player/player-queue.ts";
import { isPlayable, type PlayerState, playerStore, updatePlayer } from "../player/player-store.ts";
import { enqueue } from "../player/queue-edits.ts";
import { freshRadioSongs, radioContext, radioExclusions, radioTag } from "./radio-rules.ts";

interface RadioSession {
  readonly seed: Clip;
  readonly tag: string;
  /** Every song queued this session, oldest first. */
  readonly played: string[];
  asking: boolean;
}

let session: RadioSession | null = null;

export const fetchSeed = (clipId: string, signal?: AbortSignal): Promise<Clip> =>
  apiRequest(`/api/clip/${encodeURIComponent(clipId)}`, clipSchema, { signal });

/** The next songs of the session's radio, none heard in it before. */
async function nextSongs(radio: RadioSession): Promise<Clip[]> {
  const query = new URLSearchParams({
    clip_id: radio.seed.id,
    exclude_clip_ids: radioExclusions(radio.played).join(","),
  });
  const { clips } = await apiRequest(
    `/api/radio/${encodeURIComponent(radio.tag)}/?${query}`,
    radioResponseSchema,
  );
  const fresh = freshRadioSongs(new Set(radio.played), clips.filter(isPlayable));
  radio.played.push(...fresh.map((clip) => clip.id));
  return fresh;
}

const playsRadio = (state: PlayerState, radio: RadioSession) =>
  state.context?.type === "radio" && state.context.id === radio.seed.id;

function refill(state: PlayerState): void {
  const radio = session;
  if (radio === null || radio.asking || !playsRadio(state, radio) || !needsRefill(state)) return;
  radio.asking = true;
  nextSongs(radio)
    .then((fresh) =>
      updatePlayer((current) => (playsRadio(current, radio) ? enqueue(current, fresh) : current)),
    )
    .catch((error: unknown) => console.warn("The radio found no more songs", error))
    .finally(() => {
      radio.asking = false;
    });
}

playerStore.subscribe(refill);

/** Starts a song radio: the seed song, then songs like it, endlessly, continuous play on. */
export async function startRadio(seed: Clip): Promise<void> {
  const radio: RadioSession = { seed, tag: radioTag(seed), played: [seed.id], asking: true };
  session = radio;
  try {
    const first = await nextSongs(radio);
    const queue = [seed, ...first].filter(isPlayable);
    if (session !== radio || queue.length === 0) return;
    updatePlayer((state) => ({
      ...playList({ ...state, shuffle: false, repeat: "off" }, queue, 0, radioContext(seed.id)),
      continuous: true,
    }));
  } finally {
    radio.asking = false;
  }
}
