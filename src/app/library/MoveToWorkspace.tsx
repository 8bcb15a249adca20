import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { DEFAULT_WORKSPACE_ID, DEFAULT_WORKSPACE_NAME } from "../../shared/api/workspaces.ts";
import { moveClipsTo, useLibraryWorkspaces } from "./library-workspaces.ts";

/** The bulk bar's "Move to workspace" choice: the default workspace and every active one. */
export function MoveToWorkspace({
  clips,
  onMoved,
  disabled,
}: {
  readonly clips: readonly Clip[];
  readonly onMoved: () => void;
  readonly disabled: boolean;
}) {
  const { t } = useTranslation("library");
  const active = useLibraryWorkspaces((state) => state.active);
  const targets = [{ id: DEFAULT_WORKSPACE_ID, name: DEFAULT_WORKSPACE_NAME }, ...active];
  return (
    <select
      aria-label={t("moveToWorkspace.moveToWorkspace")}
      value=""
      disabled={disabled}
      onChange={(event) => {
        const target = targets.find((workspace) => workspace.id === event.target.value);
        if (target === undefined) return;
        void moveClipsTo(clips, { id: target.id, name: target.name }).then(onMoved);
      }}
    >
      <option value="" disabled>
        {t("moveToWorkspace.moveToWorkspace2")}
      </option>
      {targets.map((workspace) => (
        <option key={workspace.id} value={workspace.id}>
          {workspace.name}
        </option>
      ))}
    </select>
  );
}
