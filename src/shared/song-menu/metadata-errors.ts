// The Song Details modal's errors: each kind the product names, with the words the page shows.

import { TITLE_MAX } from "../api/clips.ts";

export const METADATA_ERROR_MESSAGES = {
  title_too_long: `Title too long: titles are at most ${TITLE_MAX} characters.`,
  text_moderation_error: "The lyrics or title do not meet our content guidelines.",
  caption_moderation_error: "The caption does not meet our content guidelines.",
  image_moderation_error: "The cover image does not meet our content guidelines.",
  image_upload_error: "The cover image could not be uploaded. Please try another image.",
  video_cover_error: "The video cover could not be changed. Please try again.",
  network_error: "Network Error",
} as const;
export type MetadataErrorType = keyof typeof METADATA_ERROR_MESSAGES;

/**
 * The kind of a refused change, from the server's status and detail (null status: no answer at
 * all). A detail that names none of the kinds is shown as it is.
 */
export function metadataErrorOf(
  status: number | null,
  detail: string,
): { readonly type: MetadataErrorType | null; readonly message: string } {
  const known = (type: MetadataErrorType) => ({ type, message: METADATA_ERROR_MESSAGES[type] });
  if (status === null) return known("network_error");
  if (/title too long/i.test(detail)) return known("title_too_long");
  if (/caption.*(moderation|guidelines)/i.test(detail)) return known("caption_moderation_error");
  if (/image.*(moderation|guidelines)/i.test(detail)) return known("image_moderation_error");
  if (/moderation|guidelines/i.test(detail)) return known("text_moderation_error");
  if (/cover video|video cover/i.test(detail)) return known("video_cover_error");
  if (/image/i.test(detail)) return known("image_upload_error");
  return { type: null, message: detail };
}

/** The handles a caption mentions (@name), once each, in order. */
export function captionMentions(caption: string): string[] {
  const found = caption.match(/(?<![\w@])@([A-Za-z0-9_]{3,30})\b/g) ?? [];
  return [...new Set(found.map((mention) => mention.slice(1)))];
}
