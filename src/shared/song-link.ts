// The song page's address rules: the shareable link, with or without a start time, the start time
// read back from `?t=` (whole seconds, as Copy Link at Current Time writes it), and a link to one
// comment (`?deeplink=` its id), which the page shows first.

/** The song page's path. */
export const songPath = (clipId: string): string => `/song/${encodeURIComponent(clipId)}`;

/**
 * The song's full address; with a position, `?t=` whole seconds (rounded down, so the link never
 * starts past the moment it was copied at). A position under one second is the song's start.
 */
export function songLink(origin: string, clipId: string, atSeconds: number | null = null): string {
  const base = `${origin}${songPath(clipId)}`;
  if (atSeconds === null || !Number.isFinite(atSeconds)) return base;
  const whole = Math.floor(atSeconds);
  return whole >= 1 ? `${base}?t=${whole}` : base;
}

/**
 * Where playback starts, from the address's `t`: a non-negative number of seconds (fractions are
 * kept). Anything else, or a time at or past the song's end when its length is known, starts at 0.
 */
export function startSeconds(search: string, durationSeconds: number | null = null): number {
  const raw = new URLSearchParams(search).get("t");
  if (raw === null || raw.trim() === "") return 0;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) return 0;
  if (durationSeconds !== null && durationSeconds > 0 && value >= durationSeconds) return 0;
  return value;
}

const COMMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The address of one comment on the song page. */
export const commentLink = (origin: string, clipId: string, commentId: string): string =>
  `${origin}${songPath(clipId)}?deeplink=${encodeURIComponent(commentId)}`;

/** The comment the address's `deeplink` names: a comment id, or null for none or anything else. */
export function deeplinkedCommentId(search: string): string | null {
  const raw = new URLSearchParams(search).get("deeplink")?.trim() ?? "";
  return COMMENT_ID.test(raw) ? raw.toLowerCase() : null;
}
