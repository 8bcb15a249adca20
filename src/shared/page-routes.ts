// The app's pages by address: one table that the page router renders from and the server answers
// from (200 for a page of the app, 404 for anything else), so the two can never disagree. Patterns
// only; what each page shows is the app's business.
//
// A `{name:shape}` segment takes one path segment of that shape: ids are UUIDs (as every id the
// API hands out), handles follow the sign-up rule, codes are short URL-safe tokens (share codes,
// hook ids), and `{name:rest}` takes the rest of the path (prefixes whose pages are not fixed).
// A well-formed id answers 200 whether or not it exists: the page says "not found" for a missing
// one, and the server does not look it up, so a page address costs no database query. The song page
// is the exception: the server reads the song for its link-preview tags, and so answers 404 for a
// song the requester may not see.

import { HANDLE_PATTERN } from "./api/accounts.ts";

export const PAGE_ROUTES = {
  home: "/",
  login: "/login",
  signup: "/signup",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  admin: "/admin",
  create: "/create",
  createV2: "/create/v2",
  studio: "/studio",
  edit: "/edit/{clipId:uuid}",
  editLegacy: "/edit-legacy/{clipId:uuid}",
  editV3: "/edit-v3/{path:rest}",
  account: "/account",
  terms: "/legal/terms",
  privacy: "/legal/privacy",
  song: "/song/{id:uuid}",
  profile: "/@{handle:handle}",
  persona: "/persona/{id:uuid}",
  playlist: "/playlist/{id:uuid}",
  likedSongs: "/playlist/liked",
  songRadio: "/radio/song/{clipId:uuid}",
  liveRadio: "/live-radio",
  onRepeat: "/on_repeat",
  library: "/me",
  myPersonas: "/me/personas",
  feedHome: "/home",
  search: "/search",
  notifications: "/notifications",
  share: "/s/{code:code}",
  artists: "/artist",
  artist: "/artist/{path:rest}",
  hooks: "/hooks",
  hookCreate: "/hooks/create",
  hook: "/hook/{hookId:code}",
  profileHook: "/@{handle:handle}/hook/{id:code}",
  embed: "/embed/{id:uuid}",
  describeClip: "/b-side/describe-clip",
  contest: "/contest/{id:uuid}",
} as const;

export type PageRouteName = keyof typeof PAGE_ROUTES;

export interface PageMatch {
  readonly name: PageRouteName;
  /** The pattern's named segments, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;
}

const SHAPES = {
  uuid: "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
  handle: HANDLE_PATTERN.source.replace(/^\^|\$$/g, ""),
  code: "[A-Za-z0-9_-]{1,100}",
  rest: "[^?#]+",
} as const;

const SEGMENT = /\{(\w+):(\w+)\}/g;

function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  let source = "";
  let last = 0;
  for (const match of pattern.matchAll(SEGMENT)) {
    const [whole, name, shape] = match;
    if (!(shape in SHAPES)) throw new Error(`Unknown segment shape "${shape}" in ${pattern}`);
    source += `${escapeRegex(pattern.slice(last, match.index))}(${SHAPES[shape as keyof typeof SHAPES]})`;
    names.push(name);
    last = match.index + whole.length;
  }
  source += escapeRegex(pattern.slice(last));
  return { regex: new RegExp(`^${source}$`), names };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const COMPILED = (Object.entries(PAGE_ROUTES) as [PageRouteName, string][]).map(([name, pattern]) => ({
  name,
  ...compile(pattern),
}));

/** A malformed escape stays as written: the page then shows what it was given. */
function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** One trailing slash is the same page ("/create/" is "/create"). */
const trimTrailingSlash = (pathname: string): string =>
  pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;

/** The page a path (without its query) belongs to, or null when it is no page of the app. */
export function matchPageRoute(pathname: string): PageMatch | null {
  const path = trimTrailingSlash(pathname) || "/";
  for (const { name, regex, names } of COMPILED) {
    const found = regex.exec(path);
    if (found) {
      const params = Object.fromEntries(names.map((param, index) => [param, safeDecode(found[index + 1])]));
      return { name, params };
    }
  }
  return null;
}

/**
 * Where an /artist address goes: /artist/{handle}/... is that person's profile; anything else
 * (/artist alone, a malformed handle) goes home.
 */
export function artistRedirect(rest: string): string {
  const handle = rest.split("/")[0] ?? "";
  return HANDLE_PATTERN.test(handle) ? `/@${handle}` : "/";
}
