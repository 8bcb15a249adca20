// Share links: short /s/{code} addresses for songs, profiles and playlists, and the embed player's size.

import { z } from "zod";
import { escapeHtml } from "../html-escape.ts";
import { HANDLE_PATTERN } from "./accounts.ts";

export const SHARE_CONTENT_TYPES = ["clip", "profile", "playlist"] as const;
export type ShareContentType = (typeof SHARE_CONTENT_TYPES)[number];

/** The embed code's iframe, by default. */
export const EMBED_SIZE = { width: 760, height: 240 } as const;

export const SHARE_MESSAGES = {
  notFound: "Share link not found",
  notPublic: "Only public content can be shared: make it public first",
  friendsSongsOnly: "Only songs can be shared with friends",
  friendsSignIn: "Sign in to share with friends",
} as const;

/** People one Share with friends sends a song to, at most. */
export const SHARE_RECIPIENTS_MAX = 10;

/** Share codes: URL-safe, as the /s/ page route takes them. */
export const SHARE_CODE_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;

/** POST /api/share/link. A profile is named by its handle; songs and playlists by id. */
export const shareLinkBodySchema = z.object({
  content_type: z.enum(SHARE_CONTENT_TYPES, "content_type is clip, profile or playlist"),
  content_id: z.string().min(1).max(64),
  source: z.string().trim().min(1).max(50).default("web"),
  platform: z.string().trim().min(1).max(50).default("copy_link"),
  recommendation_metadata: z.object({ recommendation_item_id: z.string().max(200).nullish() }).nullish(),
  /** Share with friends: the people on Tunesmith to tell (each gets a share_clip notification). */
  recipient_handles: z
    .array(z.string().trim().regex(HANDLE_PATTERN, "recipient_handles are handles"))
    .max(SHARE_RECIPIENTS_MAX, `Share with at most ${SHARE_RECIPIENTS_MAX} people at once`)
    .optional(),
});
export type ShareLinkBody = z.input<typeof shareLinkBodySchema>;

export const shareLinkResponseSchema = z.object({
  link: z.string(),
  share_id: z.string(),
  /** The handles told, when recipient_handles were given. */
  shared_with: z.array(z.string()).optional(),
});

/** The handles a "Send to" field names: words, an @ before each optional, each once. */
export function recipientHandles(text: string): string[] {
  const words = text
    .split(/[\s,;]+/)
    .map((word) => word.replace(/^@/, ""))
    .filter((word) => word !== "");
  return [...new Map(words.map((word) => [word.toLowerCase(), word])).values()];
}

export const shareCodeParamsSchema = z.object({
  share_id: z.string().regex(SHARE_CODE_PATTERN, SHARE_MESSAGES.notFound),
});

/** GET /api/share/code/{share_id}: what the code opens, and the page path to open it at. */
export const shareCodeResponseSchema = z.object({
  content_type: z.enum(SHARE_CONTENT_TYPES),
  content_id: z.string(),
  path: z.string(),
});
export type ShareCodeResponse = z.infer<typeof shareCodeResponseSchema>;

/** The embed code offered in the share modal: the iframe, and a link for readers that show none. */
export function embedCode(
  origin: string,
  clipId: string,
  title: string,
  size: { readonly width: number; readonly height: number } = EMBED_SIZE,
): string {
  const src = `${origin}/embed/${clipId}`;
  return (
    `<iframe src="${src}" width="${size.width}" height="${size.height}" ` +
    `title="${escapeHtml(title)}" frameborder="0" allow="autoplay" loading="lazy"></iframe>` +
    `<p><a href="${origin}/song/${clipId}">Listen on Tunesmith</a></p>`
  );
}

/** GET /api/oembed: the address pasted, JSON only, and the size the asker has room for. */
export const oembedQuerySchema = z.object({
  url: z.string().min(1, "url is the address to embed").max(2000),
  format: z.literal("json", "Only the json format is offered").default("json"),
  maxwidth: z.coerce.number().int().min(50).max(4000).optional(),
  maxheight: z.coerce.number().int().min(50).max(4000).optional(),
});
