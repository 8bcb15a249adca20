import { writeLyrics } from "../../generator/lyrics/write-lyrics.ts";
import type { StoredPlan } from "./stored-plan.ts";

export interface SongTexts {
  readonly title: string;
  readonly tags: string;
  readonly lyrics: string;
  readonly instrumental: boolean;
}

/**
 * The title, styles and lyrics a clip is made with. Custom mode sends them; simple mode sends a
 * description, from which the lyric writer makes lyrics, a title and styles with the clip's seed,
 * so the clips of one request are different songs. What the user typed wins over what is written;
 * a description asking for no singer (a beat, a trailer, an instrumental) makes an instrumental.
 */
export function songTextsFor(plan: StoredPlan, seed: number): SongTexts {
  if (plan.description === null) {
    return { title: plan.title, tags: plan.tags, lyrics: plan.lyrics, instrumental: plan.instrumental };
  }
  const written = writeLyrics(plan.description, seed);
  const instrumental = plan.instrumental || written.instrumental;
  return {
    title: plan.title || written.title,
    tags: plan.tags || written.tags,
    lyrics: instrumental ? "" : written.text,
    instrumental,
  };
}
