// A song's tags and hashtags as the tag and hashtag result pages read them (the server's
// clip_tag_list and clip_hashtags, migration 0036, follow the same rules): tags are the styles'
// comma-separated parts, trimmed and lowered; hashtags are the caption's #words.

import { SEARCH_TEXT_MAX } from "../api/clips.ts";

/** The tags of a styles text, each once, in order. */
export function songTags(tags: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const part of (tags ?? "").split(",")) {
    const tag = part.trim().toLowerCase();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

/** The #words of a caption, lowered, each once. */
export function captionHashtags(caption: string | null | undefined): string[] {
  return [
    ...new Set(
      [...(caption ?? "").matchAll(/#([\p{L}\p{N}_]+)/gu)].map((found) => found[1]?.toLowerCase() ?? ""),
    ),
  ];
}

/** What a search page lists: words, or the songs of one tag, hashtag or genre. */
export type SearchKind = "words" | "tag" | "hashtag" | "genre";

/** The search page's address for a search. Terms are trimmed and cut to 256 characters. */
export function searchHref(kind: SearchKind, term: string): string {
  const query = new URLSearchParams({ q: term.trim().slice(0, SEARCH_TEXT_MAX) });
  if (kind !== "words") query.set("type", kind);
  return `/search?${query.toString()}`;
}

/** The search an address asks for. */
export function parseSearchAddress(search: string): { kind: SearchKind; term: string } {
  const query = new URLSearchParams(search);
  const type = query.get("type");
  const kind: SearchKind = type === "tag" || type === "hashtag" || type === "genre" ? type : "words";
  const raw = (query.get("q") ?? "").trim().slice(0, SEARCH_TEXT_MAX).trim();
  return { kind, term: kind === "hashtag" ? raw.replace(/^#+/, "") : raw };
}
