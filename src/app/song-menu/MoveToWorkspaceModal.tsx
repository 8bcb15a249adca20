import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { DEFAULT_WORKSPACE_ID, DEFAULT_WORKSPACE_NAME } from "../../shared/api/workspaces.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { CreateModal } from "../shell/CreateModal.tsx";
import { loadWorkspaces, moveClipsToWorkspace, useWorkspaces } from "../shell/workspaces-store.ts";
import { closeMenuModal } from "./menu-modal-store.ts";

/**
 * Move to Workspace: the default workspace and the user's workspaces, one button each; the one
 * every chosen song is already in shows as current. Choosing one moves the songs and closes.
 */
export function MoveToWorkspaceModal({ clips }: { readonly clips: readonly Clip[] }) {
  const { t } = useTranslation("songMenu");
  const list = useWorkspaces((state) => state.list);
  const loaded = useWorkspaces((state) => state.loaded);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    loadWorkspaces().catch((error: unknown) => {
      console.warn("The workspaces could not be loaded", error);
      setFailed(true);
    });
  }, []);
  const targets = [{ id: DEFAULT_WORKSPACE_ID, name: DEFAULT_WORKSPACE_NAME }, ...list];
  const current = (id: string) => clips.every((clip) => (clip.project?.id ?? DEFAULT_WORKSPACE_ID) === id);
  const move = async (target: { id: string; name: string }) => {
    setBusy(true);
    if (await moveClipsToWorkspace(clips, target)) closeMenuModal();
    else setBusy(false);
  };
  const first = clips[0];
  const what = clips.length === 1 && first ? displayTitle(first) : t("menu.songs", { count: clips.length });
  return (
    <CreateModal
      titleId="move-workspace-title"
      title={t("move.title")}
      testId="move-workspace-modal"
      onClose={closeMenuModal}
    >
      <div className="song-menu-form">
        <p>{t("move.where", { what })}</p>
        {failed && <p role="alert">{t("move.failed")}</p>}
        {!loaded && !failed && <p aria-live="polite">{t("move.loading")}</p>}
        <ul className="move-workspace-list" aria-label={t("move.list")}>
          {targets.map((target) => (
            <li key={target.id}>
              <button
                type="button"
                className="secondary"
                disabled={busy || current(target.id)}
                onClick={() => void move(target)}
              >
                {current(target.id) ? t("move.current", { name: target.name }) : target.name}
              </button>
            </li>
          ))}
        </ul>
        <div className="modal-buttons">
          <button type="button" className="secondary" onClick={closeMenuModal}>
            {t("modal.cancel")}
          </button>
        </div>
      </div>
    </CreateModal>
  );
}
