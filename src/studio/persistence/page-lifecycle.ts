import type { ProjectSaver } from "./project-saver.ts";

/** The page events autosave listens to: window and document in the browser, EventTargets in tests. */
export interface PageEvents {
  readonly window: EventTarget;
  readonly document: EventTarget & { readonly visibilityState: string };
}

/**
 * Saves when the page is hidden or left ("on leaving the page"): pagehide and a hidden
 * visibilitychange flush with keepalive, the last moment a page can send anything, and on mobile
 * often the only one. Back online, it tries again at once. Answers a function that stops listening.
 */
export function saveOnLeave(saver: Pick<ProjectSaver, "flush" | "retryNow">, events: PageEvents): () => void {
  const leave = () => void saver.flush({ keepalive: true });
  const visibility = () => {
    if (events.document.visibilityState === "hidden") leave();
  };
  const online = () => saver.retryNow();
  events.window.addEventListener("pagehide", leave);
  events.window.addEventListener("online", online);
  events.document.addEventListener("visibilitychange", visibility);
  return () => {
    events.window.removeEventListener("pagehide", leave);
    events.window.removeEventListener("online", online);
    events.document.removeEventListener("visibilitychange", visibility);
  };
}
