import { useRef } from "react";
import { showToast } from "../shell/toast-store.ts";
import { songLink } from "./song-link.ts";

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ kind: "info", title: "Copied link to clipboard", durationMs: 3000 });
  } catch (error) {
    console.warn("Could not copy the link", error);
    showToast({ kind: "error", title: "Could not copy the link", description: text, durationMs: 8000 });
  }
}

/**
 * The song page's menu: Copy Link, and Copy Link at Current Time (the player's position when it
 * plays this song, else where the address asked it to start).
 */
export function SongMenu({
  clipId,
  currentSeconds,
}: {
  readonly clipId: string;
  readonly currentSeconds: () => number;
}) {
  const origin = window.location.origin;
  const menu = useRef<HTMLDetailsElement>(null);
  // Choosing an entry closes the menu, as any menu does.
  const choose = (link: string) => {
    if (menu.current !== null) menu.current.open = false;
    void copy(link);
  };
  return (
    <details className="song-menu" data-testid="song-menu" ref={menu}>
      <summary aria-label="More actions">⋯</summary>
      <div className="song-menu-items" role="menu">
        <button type="button" role="menuitem" onClick={() => choose(songLink(origin, clipId))}>
          Copy Link
        </button>
        <button
          type="button"
          role="menuitem"
          onClick={() => choose(songLink(origin, clipId, currentSeconds()))}
        >
          Copy Link at Current Time
        </button>
      </div>
    </details>
  );
}
