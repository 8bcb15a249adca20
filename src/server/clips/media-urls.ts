import { createHash } from "node:crypto";

/** What a clip's media route serves: its stored media, its WAV, MP3 or Opus download, or its m4a listening copy. */
export const CLIP_MEDIA_KINDS = [
  "audio",
  "image",
  "video",
  "video_cover",
  "wav",
  "mp3",
  "opus",
  "m4a",
] as const;
export type ClipMediaKind = (typeof CLIP_MEDIA_KINDS)[number];

/** A short digest of a storage key: a new file gets a new URL, so caches never serve the old one. */
export const keyVersion = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 12);

const extensionOf = (key: string) => /\.([a-z0-9]{1,5})$/i.exec(key)?.[1]?.toLowerCase();

/**
 * The URL this server serves a clip's media at. It names the clip, not the storage key, so every
 * request passes the clip's visibility rule; the extension is for players and download names.
 */
export function clipMediaUrl(clipId: string, kind: ClipMediaKind, key: string | null): string | null {
  if (key === null) return null;
  const extension =
    kind === "wav" || kind === "mp3" || kind === "opus" || kind === "m4a" ? kind : extensionOf(key);
  return `/api/media/clips/${clipId}/${kind}${extension ? `.${extension}` : ""}?v=${keyVersion(key)}`;
}

/** The storage key for a clip's media, for modules that store it: clips/<id>/<kind>.<extension>. */
export const clipMediaKey = (clipId: string, kind: "audio" | "image" | "video", extension: string) =>
  `clips/${clipId}/${kind}.${extension.replace(/^\./, "")}`;

/** Where results derived from a clip's audio (waveforms, WAV conversions) are kept, per audio file. */
export const derivedKey = (clipId: string, audioKey: string, name: string) =>
  `derived/${clipId}/${keyVersion(audioKey)}-${name}`;

/** The name of a finished song's m4a listening copy beside its audio (video/m4a-rendition.ts makes it). */
export const M4A_FILE_NAME = "listen.m4a";
