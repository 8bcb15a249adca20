// A tiny client-side router over the History API: the app is one page, and a route is just the
// current pathname and query. Anything can navigate; React reads the location through a hook.

export interface RouterLocation {
  readonly pathname: string;
  readonly search: string;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let current: RouterLocation | null = null;

function read(): RouterLocation {
  const { pathname, search } = window.location;
  // The snapshot must keep its identity while the URL is unchanged, or useSyncExternalStore loops.
  if (current === null || current.pathname !== pathname || current.search !== search) {
    current = { pathname, search };
  }
  return current;
}

function notify(): void {
  read();
  for (const listener of listeners) listener();
}

let listening = false;

export function subscribeLocation(listener: Listener): () => void {
  if (!listening) {
    window.addEventListener("popstate", notify);
    listening = true;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentLocation = (): RouterLocation => read();

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (query clean-ups, redirects). */
  readonly replace?: boolean;
}

/** Goes to a path of this app (with or without a query); other origins are left to the browser. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) {
    window.location.assign(url.href);
    return;
  }
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (options.replace) window.history.replaceState(null, "", target);
  else window.history.pushState(null, "", target);
  notify();
}
