import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { DEFAULT_WORKSPACE_ID, DEFAULT_WORKSPACE_NAME } from "../../shared/api/workspaces.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { songPath } from "../../shared/song-link.ts";
import { Link } from "../router/Link.tsx";
import { onClipChanges } from "../shell/clip-changes.ts";
import { moveClipsTo } from "./library-workspaces.ts";
import {
  allPinned,
  forgetPins,
  setPinnedInWorkspace,
  showWorkspacePins,
  useWorkspacePins,
} from "./workspace-pins.ts";

/** Above the songs of one workspace: its pinned songs, last pinned first, each with Unpin. */
export function PinnedInWorkspace({ workspaceId }: { readonly workspaceId: string }) {
  const { t } = useTranslation("library");
  const pinned = useWorkspacePins((state) => state.pinned).filter((clip) => !clip.is_trashed);
  useEffect(() => void showWorkspacePins(workspaceId), [workspaceId]);
  useEffect(() => {
    const stop = onClipChanges((clips) => forgetPins(clips));
    return () => {
      stop();
      void showWorkspacePins(null);
    };
  }, []);
  return (
    <section className="workspace-pins" aria-label={t("workspacePins.pinned")}>
      <h3>{t("workspacePins.pinned")}</h3>
      {pinned.length === 0 ? (
        <p className="workspace-pins-empty">{t("workspacePins.none")}</p>
      ) : (
        <ul>
          {pinned.map((clip) => (
            <li key={clip.id} data-testid="workspace-pin">
              <Link href={songPath(clip.id)}>{displayTitle(clip)}</Link>
              <button
                type="button"
                className="link-button"
                onClick={() => void setPinnedInWorkspace(workspaceId, [clip], false)}
              >
                {t("workspacePins.unpin")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The bulk bar's actions inside one workspace: pin or unpin the selection, or take it out. */
export function WorkspaceBulkActions({
  workspaceId,
  clips,
  onDone,
}: {
  readonly workspaceId: string;
  readonly clips: readonly Clip[];
  readonly onDone: () => void;
}) {
  const { t } = useTranslation("library");
  const pinned = useWorkspacePins((state) => state.pinned);
  const unpin = allPinned(pinned, clips);
  return (
    <>
      <button
        type="button"
        className="secondary"
        onClick={() => {
          void setPinnedInWorkspace(workspaceId, clips, !unpin);
          onDone();
        }}
      >
        {unpin ? t("workspacePins.unpinInWorkspace") : t("workspacePins.pinInWorkspace")}
      </button>
      <button
        type="button"
        className="secondary"
        onClick={() =>
          void moveClipsTo(clips, { id: DEFAULT_WORKSPACE_ID, name: DEFAULT_WORKSPACE_NAME }).then(onDone)
        }
      >
        {t("workspacePins.removeFromWorkspace")}
      </button>
    </>
  );
}
