// What the /create address asks for, as a pure function of the query string.

export const REMIX_TYPES = ["cover", "extend", "reuse", "add_vocal", "add_instrumental", "speed"] as const;
export type RemixType = (typeof REMIX_TYPES)[number];

export interface CreateQuery {
  /** The workspace (project) id; null is the default workspace. */
  readonly wid: string | null;
  /** mode=chat with a clip reference. */
  readonly chat: { readonly refId: string; readonly refType: "clip" } | null;
  readonly remix: { readonly clipId: string; readonly type: RemixType } | null;
  /** A clip whose persona to use. */
  readonly usePersona: string | null;
}

const param = (query: URLSearchParams, name: string): string | null => {
  const value = query.get(name)?.trim();
  return value ? value : null;
};

const isRemixType = (value: string | null): value is RemixType =>
  value !== null && (REMIX_TYPES as readonly string[]).includes(value);

export function parseCreateQuery(search: string): CreateQuery {
  const query = new URLSearchParams(search);
  const refId = param(query, "ref_id");
  const remixClip = param(query, "remix_clip");
  const remixType = param(query, "remix_type");
  return {
    wid: param(query, "wid"),
    chat:
      param(query, "mode") === "chat" && refId !== null && param(query, "ref_type") === "clip"
        ? { refId, refType: "clip" }
        : null,
    remix:
      remixClip !== null ? { clipId: remixClip, type: isRemixType(remixType) ? remixType : "cover" } : null,
    usePersona: param(query, "use_persona"),
  };
}

/** The address for a workspace: switching pushes it; a set workspace is written in silently. */
export function createPathFor(search: string, wid: string | null): string {
  const query = new URLSearchParams(search);
  if (wid === null) query.delete("wid");
  else query.set("wid", wid);
  const rest = query.toString();
  return rest === "" ? "/create" : `/create?${rest}`;
}

/** The create page's address without chat mode: back to the form, in the same workspace. */
export function formPathFrom(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of ["mode", "ref_id", "ref_type"]) query.delete(name);
  const rest = query.toString();
  return rest === "" ? "/create" : `/create?${rest}`;
}

/** The address that opens chat about a song (the song menu's 'Open in Chat'), keeping the workspace. */
export function chatPathFor(search: string, clipId: string): string {
  const query = new URLSearchParams(search);
  for (const name of ["remix_clip", "remix_type", "use_persona"]) query.delete(name);
  query.set("mode", "chat");
  query.set("ref_id", clipId);
  query.set("ref_type", "clip");
  return `/create?${query.toString()}`;
}

/**
 * The address that brings a song's remix action to the form (the song menu's Cover, Extend, ...):
 * /create with remix_clip and remix_type, keeping the workspace when already on /create.
 */
export function remixPathFor(pathname: string, search: string, clipId: string, type: RemixType): string {
  const query = new URLSearchParams(pathname === "/create" ? search : "");
  for (const name of ["mode", "ref_id", "ref_type", "use_persona"]) query.delete(name);
  query.set("remix_clip", clipId);
  query.set("remix_type", type);
  return `/create?${query.toString()}`;
}

/** The address that puts a song's persona on the form (the song menu's Use {persona}). */
export function usePersonaPathFor(clipId: string): string {
  return `/create?${new URLSearchParams({ use_persona: clipId }).toString()}`;
}
