// The editor's top bar: back to the library, the song's title, play and stop on the studio's
// transport, and the switch between the song and its stems.

import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { type EditQuery, editPath } from "../../studio/edit/edit-query.ts";
import { useSession, useSessionStatus, useStudio } from "../../studio/ui/studio-context.ts";
import { Link } from "../router/Link.tsx";

export function EditHeader({ clip, query }: { readonly clip: Clip; readonly query: EditQuery }) {
  const { controller } = useSession();
  const playing = useStudio((state) => state.ui.playing);
  const engine = useSessionStatus((status) => status.engine);
  const back = query.wid === null ? "/me" : `/create?wid=${encodeURIComponent(query.wid)}`;
  return (
    <header className="edit-header">
      <Link href={back} className="edit-back">
        ← Back
      </Link>
      <h1>{displayTitle(clip)}</h1>
      <button
        type="button"
        className="primary"
        disabled={engine !== "ready"}
        onClick={() => controller.togglePlay()}
        aria-pressed={playing}
      >
        {playing ? "Stop" : "Play"}
      </button>
      <span className="edit-dim" role="status">
        {engine === "loading"
          ? "Loading DSP Engine..."
          : engine === "failed"
            ? "The audio engine failed to start"
            : ""}
      </span>
      <nav className="edit-views" aria-label="Editor view">
        <Link
          href={editPath(clip.id, { wid: query.wid, view: "song" })}
          aria-current={query.view === "song" ? "page" : undefined}
        >
          Song
        </Link>
        <Link
          href={editPath(clip.id, { wid: query.wid, view: "stems" })}
          aria-current={query.view === "stems" ? "page" : undefined}
        >
          Stem Editor
        </Link>
      </nav>
    </header>
  );
}
