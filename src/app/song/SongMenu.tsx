import { useRef } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import { openShareModal, type ShareMode } from "../share/share-modal.ts";
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
 * The song page's menu: Copy Link, Copy Link at Current Time (the player's position when it
 * plays this song, else where the address asked it to start), Share to... and Share with friends.
 */
export function SongMenu({
  clip,
  currentSeconds,
}: {
  readonly clip: Clip;
  readonly currentSeconds: () => number;
}) {
  const clipId = clip.id;
  const origin = window.location.origin;
  const menu = useRef<HTMLDetailsElement>(null);
  // Choosing an entry closes the menu, as any menu does.
  const choose = (link: string) => {
    if (menu.current !== null) menu.current.open = false;
    void copy(link);
  };
  const share = (mode: ShareMode) => {
    if (menu.current !== null) menu.current.open = false;
    openShareModal(clip, mode);
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
        {/* Only a public song can be shared by link; its owner publishes it first. */}
        {clip.is_public && !clip.is_trashed && (
          <>
            <button type="button" role="menuitem" onClick={() => share("to")}>
              Share to...
            </button>
            <button type="button" role="menuitem" onClick={() => share("friends")}>
              Share with friends
            </button>
          </>
        )}
      </div>
    </details>
  );
}
