// Where /login sends people back to: only a path of this app, so a crafted link cannot bounce a
// fresh session to another site.

const FALLBACK = "/create";

export function safeNextPath(next: string | null): string {
  if (next === null || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\"))
    return FALLBACK;
  try {
    const url = new URL(next, "http://tunesmith.invalid");
    if (url.origin !== "http://tunesmith.invalid") return FALLBACK;
    if (url.pathname === "/login") return FALLBACK;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return FALLBACK;
  }
}

/** The sign-in address that comes back to `path` afterwards. */
export const loginPathFor = (path: string): string => `/login?next=${encodeURIComponent(path)}`;
