import { RECOMMEND_TAGS_TEXT_MAX, type RecommendTagsBody } from "../api/create-support.ts";
import { cutText } from "./input-truncation.ts";

/** The styles written in the form's comma list, trimmed, blanks left out. */
export const writtenStyles = (text: string): string[] =>
  text
    .split(",")
    .map((style) => style.trim())
    .filter((style) => style !== "");

/**
 * The body asking for styles that go with the written ones, or null when none are written (the
 * defaults answer then). The server takes a comma list of at most RECOMMEND_TAGS_TEXT_MAX
 * characters: styles past the limit (the form's check names them too long) are left out of the
 * question, and a first style longer than the whole limit is cut, so the page never asks what the
 * server refuses.
 */
export function recommendTagsBody(text: string): RecommendTagsBody | null {
  const styles = writtenStyles(text);
  const [first] = styles;
  if (first === undefined) return null;
  let tags = cutText(first, RECOMMEND_TAGS_TEXT_MAX);
  for (const style of styles.slice(1)) {
    const longer = `${tags}, ${style}`;
    if (longer.length > RECOMMEND_TAGS_TEXT_MAX) break;
    tags = longer;
  }
  return { tags };
}
