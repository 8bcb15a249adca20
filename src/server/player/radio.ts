import type { Kysely } from "kysely";
import { RADIO_PAGE_SIZE, type RadioResponse } from "../../shared/api/radio.ts";
import { findVisibleClips } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { listenableClips, traitsOf } from "./autoplay.ts";
import { rankBySimilarity } from "./song-similarity.ts";

/** Songs weighed in one call: the most played the listener may hear. */
const CANDIDATE_POOL = 500;

/**
 * A song radio's next songs: those of the style first, then any others, each group most like the
 * seed song first (most played first without one); none excluded, none repeated.
 */
export async function radioSongs(
  db: Kysely<Database>,
  viewerId: string | null,
  ask: { readonly tag: string; readonly seedId: string | null; readonly excluded: readonly string[] },
): Promise<RadioResponse> {
  const excluded = ask.seedId ? [...ask.excluded, ask.seedId] : ask.excluded;
  const [pool, [seed]] = await Promise.all([
    listenableClips(db, viewerId, excluded).limit(CANDIDATE_POOL).execute(),
    ask.seedId ? findVisibleClips(db, viewerId, [ask.seedId]) : Promise.resolve([]),
  ]);
  const tag = ask.tag.toLowerCase();
  const ranked = seed === undefined ? pool : rankBySimilarity(traitsOf(seed), pool, traitsOf);
  const ofStyle = ranked.filter((row) => traitsOf(row).tags.includes(tag));
  const others = ranked.filter((row) => !traitsOf(row).tags.includes(tag));
  return {
    clips: [...ofStyle, ...others].slice(0, RADIO_PAGE_SIZE).map((row) => clipView(row, viewerId)),
  };
}
