import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Hook } from "../../shared/api/hooks.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { Link } from "../router/Link.tsx";
import { Toasts } from "../shell/Toasts.tsx";
import { HookCard } from "./HookCard.tsx";
import { fetchHookFeed } from "./hooks-api.ts";
import "./hooks.css";

type Feed = {
  readonly hooks: readonly Hook[];
  /** Where the next page starts; null once the last page is in. */
  readonly cursor: string | null;
  readonly state: "loading" | "idle" | "failed";
};

/**
 * /hooks: posted hooks, newest first, one under the other; each plays while it is on screen and the
 * next one is fetched ahead. The next page loads as the end of the list comes into view.
 */
export default function HooksFeedPage() {
  const { t } = useTranslation("hooks");
  const [feed, setFeed] = useState<Feed>({ hooks: [], cursor: null, state: "loading" });
  /** The hook on screen: it and the one after it are fetched whole, the rest only begun. */
  const [shown, setShown] = useState(0);
  const end = useRef<HTMLDivElement>(null);
  const started = useRef(false);

  const loadPage = useCallback((cursor: string | null) => {
    setFeed((current) => ({ ...current, state: "loading" }));
    fetchHookFeed(cursor)
      .then((page) =>
        setFeed((current) => {
          const known = new Set(current.hooks.map((hook) => hook.id));
          return {
            hooks: [...current.hooks, ...page.hooks.filter((hook) => !known.has(hook.id))],
            cursor: page.next_cursor,
            state: "idle",
          };
        }),
      )
      .catch((error: unknown) => {
        console.warn("Could not load the hooks feed", error);
        setFeed((current) => ({ ...current, state: "failed" }));
      });
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    loadPage(null);
  }, [loadPage]);

  useEffect(() => {
    const marker = end.current;
    if (!marker || feed.state !== "idle" || feed.cursor === null) return;
    const cursor = feed.cursor;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) {
        observer.disconnect();
        loadPage(cursor);
      }
    });
    observer.observe(marker);
    return () => observer.disconnect();
  }, [feed.state, feed.cursor, loadPage]);

  const empty = feed.state === "idle" && feed.hooks.length === 0;
  return (
    <div className="page hooks-page">
      <PageHeader />
      <main className="hooks-feed" data-testid="hooks-feed">
        <header className="hooks-head">
          <h1>{t("feedTitle")}</h1>
          <Link className="hooks-make" href="/hooks/create">
            {t("makeHook")}
          </Link>
        </header>
        {empty && (
          <div className="hooks-empty" data-testid="hooks-empty">
            <p>{t("feedEmpty")}</p>
            <Link href="/hooks/create">{t("makeFirstHook")}</Link>
          </div>
        )}
        <div className="hooks-list">
          {feed.hooks.map((hook, index) => (
            <HookCard
              key={hook.id}
              hook={hook}
              preload={index <= shown + 1 ? "auto" : "metadata"}
              onShown={() => setShown(index)}
            />
          ))}
        </div>
        <div ref={end} className="hooks-end" aria-hidden="true" />
        {feed.state === "loading" && (
          <p className="page-loading" role="status">
            {t("loadingHooks")}
          </p>
        )}
        {feed.state === "failed" && (
          <p className="error" role="alert">
            {t("feedFailed")}{" "}
            <button type="button" onClick={() => loadPage(feed.cursor)}>
              {t("tryAgain")}
            </button>
          </p>
        )}
      </main>
      <Toasts />
    </div>
  );
}
