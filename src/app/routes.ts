// The app's routes and the studio's query (spec section 2), as pure functions of the URL.

export type Route =
  | { readonly name: "home" }
  | { readonly name: "studio" }
  | { readonly name: "create" }
  | { readonly name: "library" }
  | { readonly name: "libraryPersonas" }
  | { readonly name: "login" }
  | { readonly name: "persona"; readonly personaId: string }
  | { readonly name: "notFound" };

const trimTrailingSlash = (pathname: string): string =>
  pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;

/** A malformed escape stays as written: the page then answers not found. */
const safeDecode = (part: string): string => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

export function matchRoute(pathname: string): Route {
  const path = trimTrailingSlash(pathname);
  if (path === "/" || path === "") return { name: "home" };
  if (path === "/studio") return { name: "studio" };
  if (path === "/create" || path === "/create/v2") return { name: "create" };
  if (path === "/login") return { name: "login" };
  if (path === "/me") return { name: "library" };
  if (path === "/me/personas") return { name: "libraryPersonas" };
  const persona = /^\/persona\/([^/]+)$/.exec(path);
  if (persona?.[1]) return { name: "persona", personaId: safeDecode(persona[1]) };
  return { name: "notFound" };
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
