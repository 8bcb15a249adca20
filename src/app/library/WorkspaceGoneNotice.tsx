// /me?wid= naming a workspace that was trashed or no longer exists (an old link, another tab): the
// page says so and offers every song, instead of an empty list that looks like a lost library.

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LibraryFilters } from "../../shared/library/library-filters.ts";
import { Link } from "../router/Link.tsx";
import { findWorkspace, isDefaultWorkspace } from "../shell/workspaces-store.ts";
import { libraryPath } from "./library-path.ts";

export function WorkspaceGoneNotice({ filters }: { readonly filters: LibraryFilters }) {
  const { t } = useTranslation("library");
  const wid = filters.workspaceId;
  const [gone, setGone] = useState<string | null>(null);
  useEffect(() => {
    if (isDefaultWorkspace(wid)) return;
    let current = true;
    findWorkspace(wid)
      .then((found) => {
        if (current) setGone(found === null ? wid : null);
      })
      .catch((error: unknown) => console.warn("Could not load the workspace", error));
    return () => {
      current = false;
    };
  }, [wid]);
  if (gone === null || gone !== wid) return null;
  return (
    <p className="library-notice" role="status" data-testid="workspace-gone">
      {t("workspaceGoneNotice.gone")}{" "}
      <Link href={libraryPath({ ...filters, workspaceId: null }, false)}>
        {t("workspaceGoneNotice.showAll")}
      </Link>
    </p>
  );
}
