import { useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_WORKSPACE_ID } from "../../shared/api/workspaces.ts";
import {
  DEFAULT_LIBRARY_FILTERS,
  filtersFromQuery,
  type LibraryFilters,
  sameFilters,
} from "../../shared/library/library-filters.ts";
import { DialogHost } from "../../ui/DialogHost.tsx";
import { useSignedIn } from "../account/use-signed-in.ts";
import { ModalHost } from "../create/ModalHost.tsx";
import { navigate } from "../router/history-router.ts";
import { useLocation } from "../router/use-location.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { LibraryFilterBar } from "./LibraryFilterBar.tsx";
import { LibraryHead } from "./LibraryHead.tsx";
import { LibrarySongs } from "./LibrarySongs.tsx";
import { libraryPath, TRASH_VIEW } from "./library-path.ts";
import { showLibrary } from "./library-store.ts";
import { TrashView } from "./TrashView.tsx";
import { useLibraryUpdates } from "./use-library-updates.ts";
import { WorkspaceGoneNotice } from "./WorkspaceGoneNotice.tsx";
import { WorkspacePanel } from "./WorkspacePanel.tsx";
import { PinnedInWorkspace } from "./WorkspacePins.tsx";
import "../create/create.css";
import "./library.css";

/**
 * /me, the library: the user's songs under filters, search and sort held in the address, loaded
 * page after page (or by page number), kept current by the generation channel; and the trash.
 */
export default function LibraryPage() {
  const { t } = useTranslation("library");
  const { search } = useLocation();
  const session = useSignedIn();
  const userId = session?.user?.id ?? null;
  const parsed = useMemo(() => filtersFromQuery(search), [search]);
  const trash = new URLSearchParams(search).get("view") === TRASH_VIEW;
  const { filters } = parsed;
  // One workspace shown (not every song, not the default workspace's): its pins and actions.
  const workspaceId =
    filters.workspaceId === null || filters.workspaceId === DEFAULT_WORKSPACE_ID ? null : filters.workspaceId;

  useEffect(() => {
    if (userId !== null && !trash) showLibrary(userId, filters);
  }, [userId, filters, trash]);

  useLibraryUpdates(userId);

  const change = useCallback(
    (next: LibraryFilters) => {
      if (!sameFilters(next, filters)) navigate(libraryPath(next, false), { replace: true });
    },
    [filters],
  );

  if (session === null || userId === null) return <p className="page-loading">{t("libraryPage.loading")}</p>;
  return (
    <div className="library-page page">
      <LibraryHead
        title={t("libraryPage.library")}
        tabsLabel={t("libraryPage.libraryViews")}
        tabs={[
          { label: t("libraryPage.songs"), href: libraryPath(filters, false), current: !trash },
          { label: t("libraryPage.trash"), href: libraryPath(filters, true), current: trash },
        ]}
      />
      {parsed.unknown.length > 0 && (
        <p className="library-notice" role="status">
          {t("libraryPage.someFiltersInThe")} {parsed.unknown.join(", ")}.
        </p>
      )}
      <WorkspaceGoneNotice filters={filters} />
      <div className="library-main">
        <WorkspacePanel filters={filters} />
        <div className="library-content">
          {trash ? (
            <TrashView userId={userId} />
          ) : (
            <>
              <LibraryFilterBar filters={filters} onChange={change} />
              {workspaceId !== null && <PinnedInWorkspace workspaceId={workspaceId} />}
              <LibrarySongs
                userId={userId}
                filtered={!sameFilters(filters, DEFAULT_LIBRARY_FILTERS)}
                workspaceId={workspaceId}
              />
            </>
          )}
        </div>
      </div>
      <ModalHost />
      <Toasts />
      <DialogHost />
    </div>
  );
}
