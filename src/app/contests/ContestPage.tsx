import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import type { Contest } from "../../shared/api/contests.ts";
import { ApiError } from "../account/api-request.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { loadSession } from "../account/session-store.ts";
import { useLocaleFormat } from "../i18n/use-locale-format.ts";
import { type PageLoad, PageLoadState } from "../pages/PageLoadState.tsx";
import { upsertClips } from "../shell/clips-store.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { rowMenu } from "../song-menu/SongMenu.tsx";
import { SongList } from "../songs/SongList.tsx";
import { contestDeadline, fetchContestPage } from "./contest-calls.ts";
import "../songs/songs.css";
import "./contests.css";

const songMenu = rowMenu({ place: "contest" });

interface Loaded {
  readonly state: "ready";
  readonly contest: Contest;
  readonly baseClips: readonly Clip[];
  readonly entries: readonly Clip[];
  readonly nextPage: number | null;
}

/**
 * /contest/{id}: a contest's songs to remix, its rules and deadline, and its entries ranked by likes
 * then plays (pages of 20). Entering is from the song menu: publish or pin a remix of a contest song.
 */
export default function ContestPage({ contestId }: { readonly contestId: string }) {
  const { t } = useTranslation("contest");
  const format = useLocaleFormat();
  const [loaded, setLoaded] = useState<PageLoad | Loaded>({ state: "loading" });
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    void loadSession();
    let live = true;
    fetchContestPage(contestId, 0)
      .then((answer) => {
        if (!live) return;
        upsertClips([...answer.base_clips, ...answer.entries]);
        setLoaded({
          state: "ready",
          contest: answer.contest,
          baseClips: answer.base_clips,
          entries: answer.entries,
          nextPage: answer.has_more ? 1 : null,
        });
      })
      .catch((error: unknown) => {
        if (!live) return;
        setLoaded({ state: error instanceof ApiError && error.status === 404 ? "missing" : "failed" });
      });
    return () => {
      live = false;
    };
  }, [contestId]);

  if (loaded.state !== "ready")
    return (
      <div className="page contest-page">
        <PageHeader />
        <PageLoadState
          load={loaded}
          failedText={t("failed")}
          missing={{
            testId: "contest-missing",
            title: t("notFound"),
            text: t("missing"),
            home: { href: "/home", label: t("discover") },
          }}
        />
      </div>
    );

  const { contest, baseClips, entries, nextPage } = loaded;
  const more = async () => {
    if (nextPage === null || loadingMore) return;
    setLoadingMore(true);
    try {
      const answer = await fetchContestPage(contestId, nextPage);
      upsertClips(answer.entries);
      setLoaded({
        ...loaded,
        entries: [...entries, ...answer.entries],
        nextPage: answer.has_more ? nextPage + 1 : null,
      });
    } catch (error) {
      console.warn("Could not load more entries", error);
    } finally {
      setLoadingMore(false);
    }
  };
  const deadline = contestDeadline(contest.end_time, contest.is_active);

  return (
    <div className="page contest-page">
      <PageHeader />
      <main data-testid="contest-page">
        <header className="contest-head">
          <p className="contest-kicker">{t("kicker")}</p>
          <h1>{contest.name}</h1>
          <p className="contest-meta">
            {deadline && (
              <span data-testid="contest-deadline">
                {deadline.endTime === null
                  ? t("ended")
                  : t(deadline.over ? "endedOn" : "endsOn", { date: format.date(deadline.endTime) })}
              </span>
            )}
            <span data-testid="contest-entry-count">{t("entries", { count: contest.entry_count })}</span>
          </p>
          {contest.rules && <p className="contest-rules">{contest.rules}</p>}
          <p className="contest-how">{t("how")}</p>
        </header>
        <section className="contest-section">
          <h2>{t("toRemix")}</h2>
          <SongList
            items={baseClips.map((clip) => ({ clip }))}
            label={t("toRemix")}
            queueContext={{ type: "contest", id: contest.id }}
            menu={songMenu}
            empty={<p className="create-empty">{t("noBase")}</p>}
          />
        </section>
        <section className="contest-section">
          <h2>{t("entriesTitle")}</h2>
          <SongList
            items={entries.map((clip) => ({ clip }))}
            label={t("entriesLabel")}
            queueContext={{ type: "contest", id: contest.id }}
            menu={songMenu}
            empty={<p className="create-empty">{t("noEntries")}</p>}
            footer={
              nextPage !== null ? (
                <button
                  type="button"
                  className="secondary"
                  disabled={loadingMore}
                  onClick={() => void more()}
                >
                  {loadingMore ? t("loading") : t("moreEntries")}
                </button>
              ) : null
            }
          />
        </section>
      </main>
      <Toasts />
    </div>
  );
}
