import { moderatePrompt } from "../../generator/lyrics/moderate-prompt.ts";
import { HttpError } from "../http/errors.ts";

/** The exact wording of the 451 answer for lyrics that break the guidelines. */
export const LYRICS_GUIDELINES_DETAIL = "The lyrics do not meet our content guidelines";

/**
 * A 451 for lyrics (or a description or title) with flagged language, by the same moderation the
 * lyric writer applies to its prompts. Artist names pass here: lyrics may mention a name.
 */
export function checkLyricsGuidelines(...texts: readonly (string | null | undefined)[]): void {
  for (const text of texts) {
    if (!text) continue;
    const verdict = moderatePrompt(text);
    if (!verdict.ok && verdict.kind === "flagged") throw new HttpError(451, LYRICS_GUIDELINES_DETAIL);
  }
}
