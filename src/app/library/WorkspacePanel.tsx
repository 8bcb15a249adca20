import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_WORKSPACE_ID,
  DEFAULT_WORKSPACE_NAME,
  WORKSPACE_TEXT_MAX,
  type WorkspaceSummary,
} from "../../shared/api/workspaces.ts";
import type { LibraryFilters } from "../../shared/library/library-filters.ts";
import { ownsWorkspace, sharedMark } from "../../shared/workspaces/shared-mark.ts";
import { useAccount } from "../account/session-store.ts";
import { Link } from "../router/Link.tsx";
import { libraryPath } from "./library-path.ts";
import {
  editWorkspace,
  loadLibraryWorkspaces,
  makeWorkspace,
  setWorkspaceArchived,
  useLibraryWorkspaces,
} from "./library-workspaces.ts";
import { MoreWorkspaces, WorkspaceListControls } from "./WorkspaceListControls.tsx";

interface WorkspaceText {
  readonly name: string;
  readonly description: string;
}

/** A workspace's name, and when editing one its description (each at most 100 characters). */
function WorkspaceForm({
  label,
  initial,
  withDescription,
  submitText,
  onSubmit,
  onCancel,
}: {
  readonly label: string;
  readonly initial: WorkspaceText;
  readonly withDescription: boolean;
  readonly submitText: string;
  readonly onSubmit: (text: WorkspaceText) => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation("library");
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name, description });
  };
  return (
    <form className="workspace-form" onSubmit={submit}>
      <input
        aria-label={label}
        value={name}
        maxLength={WORKSPACE_TEXT_MAX}
        onChange={(event) => setName(event.target.value)}
      />
      {withDescription && (
        <textarea
          aria-label={t("workspacePanel.description")}
          value={description}
          maxLength={WORKSPACE_TEXT_MAX}
          rows={2}
          onChange={(event) => setDescription(event.target.value)}
        />
      )}
      <button type="submit" className="create-small-button">
        {submitText}
      </button>
      <button type="button" className="link-button" onClick={onCancel}>
        {t("workspacePanel.cancel")}
      </button>
    </form>
  );
}

function WorkspaceEntry({
  workspace,
  filters,
}: {
  readonly workspace: WorkspaceSummary;
  readonly filters: LibraryFilters;
}) {
  const { t } = useTranslation("library");
  const [renaming, setRenaming] = useState(false);
  const viewerId = useAccount((state) => state.session?.user?.id ?? null);
  const current = filters.workspaceId === workspace.id;
  const mark = sharedMark(workspace, viewerId);
  const owner = ownsWorkspace(workspace, viewerId);
  if (renaming) {
    return (
      <li className="workspace-entry">
        <WorkspaceForm
          label={t("workspacePanel.newNameFor", { name: workspace.name })}
          initial={{ name: workspace.name, description: workspace.description }}
          withDescription
          submitText={t("workspacePanel.save")}
          onSubmit={(text) => {
            setRenaming(false);
            void editWorkspace(workspace, text);
          }}
          onCancel={() => setRenaming(false)}
        />
      </li>
    );
  }
  return (
    <li className="workspace-entry" data-testid="workspace-entry">
      <Link
        href={libraryPath({ ...filters, workspaceId: workspace.id }, false)}
        aria-current={current ? "page" : undefined}
      >
        {workspace.name}
      </Link>
      <span className="workspace-count">{workspace.clip_count}</span>
      {workspace.description !== "" && <span className="workspace-description">{workspace.description}</span>}
      <span className="workspace-actions">
        {mark !== null && <span className="workspace-shared-mark">{mark}</span>}
        <Link href={`/create?wid=${encodeURIComponent(workspace.id)}`}>{t("workspacePanel.create")}</Link>
        {owner && (
          <>
            <button type="button" className="link-button" onClick={() => setRenaming(true)}>
              {t("workspacePanel.edit")}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => void setWorkspaceArchived(workspace, true)}
            >
              {t("workspacePanel.archive")}
            </button>
          </>
        )}
      </span>
    </li>
  );
}

/** Beside the library: every workspace to pick one's songs, make, rename, archive and restore. */
export function WorkspacePanel({ filters }: { readonly filters: LibraryFilters }) {
  const { t } = useTranslation("library");
  const active = useLibraryWorkspaces((state) => state.active);
  const archived = useLibraryWorkspaces((state) => state.archived);
  const archivedTotal = useLibraryWorkspaces((state) => state.archivedPages.total);
  const loaded = useLibraryWorkspaces((state) => state.loaded);
  const query = useLibraryWorkspaces((state) => state.query);
  const [making, setMaking] = useState(false);
  useEffect(() => void loadLibraryWorkspaces(), []);
  return (
    <aside className="panel workspace-panel" aria-label={t("workspacePanel.workspaces")}>
      <div className="workspace-panel-head">
        <h2>{t("workspacePanel.workspaces")}</h2>
        <button type="button" className="create-small-button" onClick={() => setMaking(true)}>
          {t("workspacePanel.newWorkspace")}
        </button>
      </div>
      <WorkspaceListControls />
      {making && (
        <WorkspaceForm
          label={t("workspacePanel.workspaceName")}
          initial={{ name: "", description: "" }}
          withDescription={false}
          submitText={t("workspacePanel.create")}
          onSubmit={({ name }) => {
            setMaking(false);
            void makeWorkspace(name);
          }}
          onCancel={() => setMaking(false)}
        />
      )}
      <ul className="workspace-list">
        <li className="workspace-entry">
          <Link
            href={libraryPath({ ...filters, workspaceId: null }, false)}
            aria-current={filters.workspaceId === null ? "page" : undefined}
          >
            {t("workspacePanel.allSongs")}
          </Link>
        </li>
        <li className="workspace-entry">
          <Link
            href={libraryPath({ ...filters, workspaceId: DEFAULT_WORKSPACE_ID }, false)}
            aria-current={filters.workspaceId === DEFAULT_WORKSPACE_ID ? "page" : undefined}
          >
            {DEFAULT_WORKSPACE_NAME}
          </Link>
        </li>
        {active.map((workspace) => (
          <WorkspaceEntry key={workspace.id} workspace={workspace} filters={filters} />
        ))}
      </ul>
      {loaded && active.length === 0 && query.trim() !== "" && (
        <p className="workspace-none">{t("workspaceList.none")}</p>
      )}
      <MoreWorkspaces archived={false} />
      {archived.length > 0 && (
        <details className="workspace-archived">
          <summary>
            {t("workspacePanel.archived")}
            {archivedTotal})
          </summary>
          <ul className="workspace-list">
            {archived.map((workspace) => (
              <li key={workspace.id} className="workspace-entry" data-testid="archived-workspace">
                <span>{workspace.name}</span>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => void setWorkspaceArchived(workspace, false)}
                >
                  {t("workspacePanel.restore")}
                </button>
              </li>
            ))}
          </ul>
          <MoreWorkspaces archived />
        </details>
      )}
    </aside>
  );
}
