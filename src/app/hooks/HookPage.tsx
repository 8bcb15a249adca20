import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Hook } from "../../shared/api/hooks.ts";
import { ApiError } from "../account/api-request.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { Link } from "../router/Link.tsx";
import { Toasts } from "../shell/Toasts.tsx";
import { HookCard } from "./HookCard.tsx";
import { HookComments } from "./HookComments.tsx";
import { fetchHook } from "./hooks-api.ts";
import "./hooks.css";

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "missing" }
  | { readonly state: "failed" }
  | { readonly state: "ready"; readonly hook: Hook };

/** /hook/{id} and /@{handle}/hook/{id}: one hook, its song's link, its likes and its comments. */
export default function HookPage({ hookId }: { readonly hookId: string }) {
  const { t } = useTranslation("hooks");
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });

  useEffect(() => {
    const abort = new AbortController();
    setLoaded({ state: "loading" });
    fetchHook(hookId, abort.signal)
      .then((hook) => setLoaded({ state: "ready", hook }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setLoaded({ state: missing ? "missing" : "failed" });
      });
    return () => abort.abort();
  }, [hookId]);

  return (
    <div className="page hooks-page">
      <PageHeader />
      <main className="hook-single" data-testid="hook-page">
        {loaded.state === "loading" && <p className="page-loading">{t("loadingHook")}</p>}
        {loaded.state === "missing" && (
          <div className="hooks-empty">
            <h1>{t("hookNotFound")}</h1>
            <Link href="/hooks">{t("backToFeed")}</Link>
          </div>
        )}
        {loaded.state === "failed" && (
          <p className="error" role="alert">
            {t("hookFailedToLoad")}
          </p>
        )}
        {loaded.state === "ready" && (
          <>
            {loaded.hook.status === "rendered_failed_moderation" && (
              <p className="hook-notice" role="status">
                {t("failedModerationNotice")}
              </p>
            )}
            <HookCard hook={loaded.hook} linkToPage={false} />
            <HookComments hook={loaded.hook} />
          </>
        )}
      </main>
      <Toasts />
    </div>
  );
}
