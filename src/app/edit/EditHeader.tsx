// The editor's top bar: back to the library, the song's title, play and stop on the studio's
// transport, and the switch between the song and its stems.

import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { type EditQuery, editPath } from "../../studio/edit/edit-query.ts";
import { useSession, useSessionStatus, useStudio } from "../../studio/ui/studio-context.ts";
import { Link } from "../router/Link.tsx";

export function EditHeader({ clip, query }: { readonly clip: Clip; readonly query: EditQuery }) {
  const { t } = useTranslation("edit");
  const { controller } = useSession();
  const playing = useStudio((state) => state.ui.playing);
  const engine = useSessionStatus((status) => status.engine);
  const back = query.wid === null ? "/me" : `/create?wid=${encodeURIComponent(query.wid)}`;
  return (
    <header className="edit-header">
      <Link href={back} className="edit-back">
        ← {t("header.back")}
      </Link>
      <h1>{displayTitle(clip)}</h1>
      <button
        type="button"
        className="primary"
        disabled={engine !== "ready"}
        onClick={() => controller.togglePlay()}
        aria-pressed={playing}
      >
        {playing ? t("header.stop") : t("header.play")}
      </button>
      <span className="edit-dim" role="status">
        {engine === "loading"
          ? t("header.engineLoading")
          : engine === "failed"
            ? t("header.engineFailed")
            : ""}
      </span>
      <nav className="edit-views" aria-label={t("header.view")}>
        <Link
          href={editPath(clip.id, { wid: query.wid, view: "song" })}
          aria-current={query.view === "song" ? "page" : undefined}
        >
          {t("header.song")}
        </Link>
        <Link
          href={editPath(clip.id, { wid: query.wid, view: "stems" })}
          aria-current={query.view === "stems" ? "page" : undefined}
        >
          {t("header.stems")}
        </Link>
      </nav>
    </header>
  );
}
