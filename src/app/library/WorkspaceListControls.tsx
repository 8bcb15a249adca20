import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { WORKSPACE_SORTS, type WorkspaceSort } from "../../shared/api/workspaces.ts";
import { SEARCH_DEBOUNCE_MS } from "./LibraryFilterBar.tsx";
import { loadMoreWorkspaces, setWorkspaceListView, useLibraryWorkspaces } from "./library-workspaces.ts";

/** Above the workspace list: find one by name (debounced) and sort the list. */
export function WorkspaceListControls() {
  const { t } = useTranslation("library");
  const sort = useLibraryWorkspaces((state) => state.sort);
  const query = useLibraryWorkspaces((state) => state.query);
  const [typed, setTyped] = useState(query);
  useEffect(() => {
    if (typed.trim() === query.trim()) return;
    const timer = setTimeout(() => setWorkspaceListView({ query: typed.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, query]);
  return (
    <div className="workspace-list-controls">
      <label>
        <span>{t("workspaceList.find")}</span>
        <input
          type="search"
          value={typed}
          maxLength={256}
          onChange={(event) => setTyped(event.target.value)}
        />
      </label>
      <label>
        <span>{t("workspaceList.sort")}</span>
        <select
          value={sort}
          onChange={(event) => setWorkspaceListView({ sort: event.target.value as WorkspaceSort })}
        >
          {WORKSPACE_SORTS.map((option) => (
            <option key={option} value={option}>
              {t(`workspaceList.sorts.${option}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** After a list with more pages: the next 20. */
export function MoreWorkspaces({ archived }: { readonly archived: boolean }) {
  const { t } = useTranslation("library");
  const hasMore = useLibraryWorkspaces((state) =>
    archived ? state.archivedPages.hasMore : state.activePages.hasMore,
  );
  if (!hasMore) return null;
  return (
    <button type="button" className="link-button" onClick={() => void loadMoreWorkspaces(archived)}>
      {t("workspaceList.more")}
    </button>
  );
}
