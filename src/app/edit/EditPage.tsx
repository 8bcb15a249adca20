// /edit/{clipId}: one song in the editor, or its stems in the stem editor (?view=stems). The page
// checks who may edit it and that it is complete, then opens the studio's engine and canvas on it.
// Entering starts (or restores) the edit session; leaving the editor ends it.

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { CLIP_NOT_COMPLETE } from "../../shared/api/edit.ts";
import { matchPageRoute } from "../../shared/page-routes.ts";
import { editAccess } from "../../studio/edit/edit-access.ts";
import { parseEditQuery } from "../../studio/edit/edit-query.ts";
import { ApiError } from "../account/api-request.ts";
import { loadSession, useAccount } from "../account/session-store.ts";
import { currentLocation } from "../router/history-router.ts";
import { Link } from "../router/Link.tsx";
import { useLocation } from "../router/use-location.ts";
import { fetchSong } from "../song/song-api.ts";
import { askAdministrator, FEATURE_UPSELLS } from "../song-menu/upsells.ts";
import { EditStudio } from "./EditStudio.tsx";
import { endEditSession } from "./edit-session-store.ts";
import "../../studio/ui/studio.css";
import "../create/create.css";
import "./edit.css";

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "missing" }
  | { readonly state: "failed" }
  | { readonly state: "ready"; readonly clip: Clip };

/** A streaming song is asked for again this often until it is complete. */
const STREAMING_RECHECK_MS = 3000;

function Notice({ title, children }: { readonly title: string; readonly children?: React.ReactNode }) {
  const { t } = useTranslation("edit");
  return (
    <div className="studio edit-notice" role="alert">
      <h1>{title}</h1>
      {children}
      <Link href="/me">{t("page.backToLibrary")}</Link>
    </div>
  );
}

export default function EditPage({ clipId }: { readonly clipId: string }) {
  // The studio's timeline speaks the studio texts: both namespaces load (suspending) here, before the
  // session and the engine start, so the running editor never suspends and hides its toasts.
  const { t } = useTranslation(["edit", "studio"]);
  const location = useLocation();
  const query = parseEditQuery(location.search);
  const session = useAccount((state) => state.session);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    void loadSession();
    // Leaving the editor ends the session: the address is then another page's (an unmount while
    // it is still an editor's address is React remounting, or the editor opening another song).
    return () => {
      if (matchPageRoute(currentLocation().pathname)?.name !== "edit") endEditSession();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the song again.
  useEffect(() => {
    const abort = new AbortController();
    fetchSong(clipId, abort.signal)
      .then((clip) => setLoaded({ state: "ready", clip }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setLoaded({ state: error instanceof ApiError && error.status === 404 ? "missing" : "failed" });
      });
    return () => abort.abort();
  }, [clipId, attempt]);

  const access = session !== null && loaded.state === "ready" ? editAccess(session, loaded.clip) : null;
  useEffect(() => {
    if (access !== "streaming") return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), STREAMING_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [access]);

  if (loaded.state === "missing") return <Notice title={t("page.notFound")} />;
  if (loaded.state === "failed") return <Notice title={t("page.loadFailed")} />;
  if (session === null || loaded.state === "loading" || access === null)
    return (
      <div className="studio studio-opening">
        <p role="status">{t("page.loading")}</p>
      </div>
    );
  switch (access) {
    case "sign_in":
      return (
        <Notice title={t("page.signInToEdit")}>
          <Link href={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}>
            {t("page.signIn")}
          </Link>
        </Notice>
      );
    case "not_yours":
      return <Notice title={t("page.notYours")} />;
    case "upsell":
      return (
        <Notice title={FEATURE_UPSELLS.EditMode.title}>
          <p>
            {FEATURE_UPSELLS.EditMode.body} {askAdministrator()}
          </p>
        </Notice>
      );
    case "not_complete":
      return <Notice title={CLIP_NOT_COMPLETE} />;
    case "streaming":
      return (
        <div className="studio studio-opening">
          <p role="status">{t("page.loadingStream")}</p>
        </div>
      );
    case "open":
      return <EditStudio clip={loaded.clip} query={query} />;
  }
}
