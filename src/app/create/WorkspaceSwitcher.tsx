import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_WORKSPACE_NAME,
  UNTITLED_WORKSPACE,
  WORKSPACE_TEXT_MAX,
  type WorkspaceSummary,
} from "../../shared/api/workspaces.ts";
import { createPathFor } from "../../shared/create/create-query.ts";
import { ownsWorkspace, sharedMark } from "../../shared/workspaces/shared-mark.ts";
import { navigate } from "../router/history-router.ts";
import { useLocation } from "../router/use-location.ts";
import { showToast } from "../shell/toast-store.ts";
import {
  createWorkspace,
  findWorkspace,
  isDefaultWorkspace,
  loadWorkspaces,
  useWorkspaces,
  workspacesStore,
} from "../shell/workspaces-store.ts";
import { ShareWorkspaceDialog } from "./ShareWorkspaceDialog.tsx";
import "./collaboration.css";
import { hasSetWorkspace, markWorkspaceSet, rememberWorkspace } from "./workspace-memory.ts";
import "./workspace-switcher.css";

const NEW_WORKSPACE = "__new__";

/** A shared workspace says so; someone else's names its owner. */
function workspaceLabel(workspace: WorkspaceSummary, userId: string): string {
  const mark = sharedMark(workspace, userId);
  return mark === null ? workspace.name : `${workspace.name} (${mark})`;
}
const DEFAULT_OPTION = "";

/**
 * Beside the song list: which workspace the page shows and new songs go into. Switching pushes
 * /create?wid={id}; 'New workspace' asks for a name, makes it and switches to it.
 */
export function WorkspaceSwitcher({
  userId,
  wid,
  mayShare,
}: {
  readonly userId: string;
  readonly wid: string | null;
  /** The collab-workspaces flag: the owner may share the workspace. */
  readonly mayShare: boolean;
}) {
  const { t } = useTranslation("create");
  const { search } = useLocation();
  const list = useWorkspaces((state) => state.list);
  const loaded = useWorkspaces((state) => state.loaded);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [hinted, setHinted] = useState(hasSetWorkspace);
  const [extra, setExtra] = useState<{ id: string; name: string } | null>(null);
  const [sharing, setSharing] = useState(false);

  useEffect(() => {
    loadWorkspaces().catch((error: unknown) => console.warn("Could not load the workspaces", error));
  }, []);

  // A workspace in the address that the list does not hold: shown if it is the user's, else left.
  useEffect(() => {
    if (!loaded || isDefaultWorkspace(wid)) return;
    if (workspacesStore.getState().list.some((workspace) => workspace.id === wid)) return;
    let current = true;
    findWorkspace(wid)
      .then((found) => {
        if (!current) return;
        if (found) setExtra({ id: found.id, name: found.name });
        else {
          rememberWorkspace(userId, null);
          navigate(createPathFor(window.location.search, null), { replace: true });
        }
      })
      .catch((error: unknown) => console.warn("Could not load the workspace", error));
    return () => {
      current = false;
    };
  }, [loaded, wid, userId]);

  const switchTo = (id: string | null) => {
    markWorkspaceSet();
    setHinted(true);
    rememberWorkspace(userId, id);
    navigate(createPathFor(search, id));
  };

  const make = async () => {
    setBusy(true);
    try {
      const made = await createWorkspace(name.trim().slice(0, WORKSPACE_TEXT_MAX) || UNTITLED_WORKSPACE);
      setNaming(false);
      setName("");
      switchTo(made.id);
    } catch (error) {
      console.warn("Could not create the workspace", error);
      showToast({ kind: "error", title: t("workspaceSwitcher.unknownErrorOccurred"), durationMs: 4000 });
    } finally {
      setBusy(false);
    }
  };

  const selected = isDefaultWorkspace(wid) ? DEFAULT_OPTION : wid;
  const options = [
    ...list.map((workspace) => ({ id: workspace.id, name: workspaceLabel(workspace, userId) })),
  ];
  const current = list.find((workspace) => workspace.id === wid);
  const isOwner = current !== undefined && ownsWorkspace(current, userId);
  const shareLabel =
    current === undefined || (isOwner && !mayShare) ? null : isOwner ? "Share" : "Collaborators";
  if (extra && extra.id === wid && !options.some((option) => option.id === extra.id)) options.push(extra);
  if (selected !== DEFAULT_OPTION && !options.some((option) => option.id === selected)) {
    options.push({ id: selected, name: "Loading..." });
  }

  return (
    <div className="workspace-switcher" data-testid="workspace-switcher">
      <label className="workspace-switcher-label">
        <span>{t("workspaceSwitcher.workspace")}</span>
        <select
          aria-label={t("workspaceSwitcher.workspace")}
          value={naming ? NEW_WORKSPACE : selected}
          disabled={busy}
          onChange={(event) => {
            const value = event.target.value;
            if (value === NEW_WORKSPACE) setNaming(true);
            else {
              setNaming(false);
              switchTo(value === DEFAULT_OPTION ? null : value);
            }
          }}
        >
          <option value={DEFAULT_OPTION}>{DEFAULT_WORKSPACE_NAME}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
          <option value={NEW_WORKSPACE}>{t("workspaceSwitcher.newWorkspace")}</option>
        </select>
      </label>
      {shareLabel !== null && current !== undefined && (
        <div className="workspace-share-line">
          <span>
            {isOwner
              ? current.shared
                ? t("workspaceSwitcher.sharedWithCollaborators")
                : t("workspaceSwitcher.onlyYouCanSee")
              : t("workspaceSwitcher.sharedWithYouBy", { handle: current.owner.handle })}
          </span>
          <button type="button" className="create-small-button" onClick={() => setSharing(true)}>
            {shareLabel}
          </button>
        </div>
      )}
      {sharing && current !== undefined && (
        <ShareWorkspaceDialog workspace={current} userId={userId} onClose={() => setSharing(false)} />
      )}
      {naming && (
        <form
          className="workspace-new"
          onSubmit={(event) => {
            event.preventDefault();
            void make();
          }}
        >
          <input
            aria-label={t("workspaceSwitcher.newWorkspaceName")}
            placeholder={UNTITLED_WORKSPACE}
            maxLength={WORKSPACE_TEXT_MAX}
            value={name}
            // biome-ignore lint/a11y/noAutofocus: the field appears because the user asked for it.
            autoFocus
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="create-small-button" disabled={busy}>
            {busy ? t("workspaceSwitcher.creating") : t("workspaceSwitcher.createWorkspace")}
          </button>
          <button
            type="button"
            className="create-small-button"
            disabled={busy}
            onClick={() => setNaming(false)}
          >
            {t("workspaceSwitcher.cancel")}
          </button>
        </form>
      )}
      {!hinted && !naming && <p className="workspace-hint">{t("workspaceSwitcher.newSongsGoInto")}</p>}
    </div>
  );
}
