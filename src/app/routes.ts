// The app's routes and the studio's query, as pure functions of the URL.

import { artistRedirect, matchPageRoute } from "../shared/page-routes.ts";

export type Route =
  | { readonly name: "home" }
  | { readonly name: "studio" }
  | { readonly name: "create" }
  | { readonly name: "library" }
  | { readonly name: "libraryPersonas" }
  | { readonly name: "login" }
  | { readonly name: "account" }
  | { readonly name: "signup" }
  | { readonly name: "forgotPassword" }
  | { readonly name: "resetPassword" }
  | { readonly name: "admin" }
  | { readonly name: "legal"; readonly document: "terms" | "privacy" }
  | { readonly name: "persona"; readonly personaId: string }
  | { readonly name: "song"; readonly clipId: string }
  | { readonly name: "profile"; readonly handle: string }
  | { readonly name: "redirect"; readonly to: string }
  | { readonly name: "playlist"; readonly playlistId: string }
  | { readonly name: "notifications" }
  | { readonly name: "search" }
  | { readonly name: "describeClip" }
  | { readonly name: "songRadio"; readonly clipId: string }
  | { readonly name: "contest"; readonly contestId: string }
  | { readonly name: "editLegacy"; readonly clipId: string }
  | { readonly name: "edit"; readonly clipId: string }
  | { readonly name: "liveRadio" }
  | { readonly name: "onRepeat" }
  | { readonly name: "likedSongs" }
  | { readonly name: "hooks" }
  | { readonly name: "hookCreate" }
  | { readonly name: "hook"; readonly hookId: string }
  | { readonly name: "notFound" };

/**
 * The page to render for a path, from the shared table the server answers from. A path of the
 * table whose page this app does not have yet renders the not-found page.
 */
export function matchRoute(pathname: string): Route {
  const match = matchPageRoute(pathname);
  switch (match?.name) {
    case "home":
    case "feedHome":
      return { name: "home" };
    case "search":
      return { name: "search" };
    case "studio":
      return { name: "studio" };
    case "create":
    case "createV2":
      return { name: "create" };
    case "login":
      return { name: "login" };
    case "account":
      return { name: "account" };
    case "signup":
      return { name: "signup" };
    case "forgotPassword":
      return { name: "forgotPassword" };
    case "resetPassword":
      return { name: "resetPassword" };
    case "admin":
      return { name: "admin" };
    case "terms":
    case "privacy":
      return { name: "legal", document: match.name };
    case "library":
      return { name: "library" };
    case "myPersonas":
      return { name: "libraryPersonas" };
    case "persona":
      return { name: "persona", personaId: match.params.id };
    case "song":
      return { name: "song", clipId: match.params.id };
    case "profile":
      return { name: "profile", handle: match.params.handle };
    case "artists":
    case "artist":
      return { name: "redirect", to: artistRedirect(match.params.path ?? "") };
    case "playlist":
      return { name: "playlist", playlistId: match.params.id };
    case "notifications":
      return { name: "notifications" };
    case "describeClip":
      return { name: "describeClip" };
    case "songRadio":
      return { name: "songRadio", clipId: match.params.clipId };
    case "contest":
      return { name: "contest", contestId: match.params.id };
    case "editLegacy":
      return { name: "editLegacy", clipId: match.params.clipId };
    case "editV3":
      return { name: "redirect", to: `/edit/${match.params.path ?? ""}` };
    case "edit":
      return { name: "edit", clipId: match.params.clipId };
    case "liveRadio":
      return { name: "liveRadio" };
    case "onRepeat":
      return { name: "onRepeat" };
    case "likedSongs":
      return { name: "likedSongs" };
    case "hooks":
      return { name: "hooks" };
    case "hookCreate":
      return { name: "hookCreate" };
    case "hook":
      return { name: "hook", hookId: match.params.hookId };
    case "profileHook":
      return { name: "hook", hookId: match.params.id };
    default:
      return { name: "notFound" };
  }
}

/** What the studio is asked to open. With none of these it opens the demo project. */
export interface StudioQuery {
  /** Open (or create) the project for this song clip. */
  readonly forClipId: string | null;
  /** A locked, read-only version view; removed from the address once a project is loaded. */
  readonly projectVersionId: string | null;
  /** Set by the remix (duplicate) flow. */
  readonly initialProjectId: string | null;
}

const param = (query: URLSearchParams, name: string): string | null => {
  const value = query.get(name)?.trim();
  return value ? value : null;
};

export function parseStudioQuery(search: string): StudioQuery {
  const query = new URLSearchParams(search);
  return {
    forClipId: param(query, "for_clip_id"),
    projectVersionId: param(query, "project_version_id"),
    initialProjectId: param(query, "initial_project_id"),
  };
}

export const opensDemo = (query: StudioQuery): boolean =>
  query.forClipId === null && query.projectVersionId === null && query.initialProjectId === null;

/** The search string without some parameters ("" when none is left), for replacing the address. */
export function withoutParams(search: string, names: readonly string[]): string {
  const query = new URLSearchParams(search);
  for (const name of names) query.delete(name);
  const rest = query.toString();
  return rest === "" ? "" : `?${rest}`;
}
