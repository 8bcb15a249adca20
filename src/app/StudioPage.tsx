import { useCallback, useMemo } from "react";
import { Studio } from "../studio/ui/Studio.tsx";
import { navigate } from "./router/history-router.ts";
import { useLocation } from "./router/use-location.ts";
import { parseStudioQuery, withoutParams } from "./routes.ts";

/** /studio: the query says what to open (spec section 2). */
export default function StudioPage() {
  const location = useLocation();
  const { forClipId, projectVersionId, initialProjectId } = parseStudioQuery(location.search);
  const request = useMemo(
    () => ({ forClipId, projectVersionId, initialProjectId }),
    [forClipId, projectVersionId, initialProjectId],
  );
  // The version link has done its job once the project is open: the address no longer asks for it.
  const onProjectLoaded = useCallback(() => {
    const { pathname, search } = window.location;
    const cleaned = withoutParams(search, ["project_version_id"]);
    if (cleaned !== search) window.history.replaceState(null, "", `${pathname}${cleaned}`);
  }, []);
  const go = useCallback((to: string) => navigate(to), []);
  return <Studio request={request} onProjectLoaded={onProjectLoaded} navigate={go} />;
}
