import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Studio } from "../studio/ui/Studio.tsx";
import { loadSession, useAccount } from "./account/session-store.ts";
import { navigate } from "./router/history-router.ts";
import { useLocation } from "./router/use-location.ts";
import { parseStudioQuery, withoutParams } from "./routes.ts";
import { followGenerations } from "./shell/realtime-socket.ts";

/** /studio: the query says what to open. */
export default function StudioPage() {
  // The studio's panels speak the studio texts: loaded (suspending) here, before the engine and the
  // session start, so no panel opened later suspends the running studio.
  useTranslation("studio");
  const location = useLocation();
  const query = parseStudioQuery(location.search);
  const { forClipId, initialProjectId } = query;
  // The version link is dropped from the address once its project is open; the page keeps
  // showing that version until the address asks for something else.
  const rest = withoutParams(location.search, ["project_version_id"]);
  const sticky = useRef<{ rest: string; version: string } | null>(null);
  if (query.projectVersionId !== null) sticky.current = { rest, version: query.projectVersionId };
  else if (sticky.current !== null && sticky.current.rest !== rest) sticky.current = null;
  const projectVersionId = query.projectVersionId ?? sticky.current?.version ?? null;
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
  // Who is looking: the take lanes' unheard markers show to their own user only.
  const viewerId = useAccount((state) => state.session?.user?.id ?? null);
  // Live editing with the collab-workspaces flag: the same project open elsewhere edits along.
  const handle = useAccount((state) =>
    state.session?.flags["collab-workspaces"] === true ? (state.session.user?.handle ?? null) : null,
  );
  const live = useMemo(
    () => (viewerId !== null && handle !== null ? { userId: viewerId, handle } : null),
    [viewerId, handle],
  );
  // A generation's clips pushed as they change: the studio places a streaming result at once.
  const followClipPushes = useMemo(
    () =>
      viewerId === null
        ? null
        : (onPush: () => void) => followGenerations(viewerId, { onClips: onPush, onSubscribed: onPush }),
    [viewerId],
  );
  useEffect(() => {
    void loadSession();
  }, []);
  return (
    <Studio
      request={request}
      onProjectLoaded={onProjectLoaded}
      navigate={go}
      viewerId={viewerId}
      live={live}
      followClipPushes={followClipPushes}
    />
  );
}
