import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import type { FeedFilters } from "../../shared/api/feed-query-schemas.ts";
import { cursorForPage, fetchFeedPage } from "../library/library-fetch.ts";
import { rowMenu } from "../song-menu/SongMenu.tsx";
import { SongList } from "../songs/SongList.tsx";

/** The public feed: everyone's public songs, newest first. */
const PUBLIC: FeedFilters = { public: "True" };
const FEED_TYPE = "public";
const songMenu = rowMenu({ place: "feed", section: "public_feed" });

type Feed = {
  readonly clips: readonly Clip[];
  readonly cursor: string | null;
  readonly hasMore: boolean;
  readonly loading: boolean;
  readonly error: string | null;
};

const START: Feed = { clips: [], cursor: null, hasMore: true, loading: false, error: null };

/**
 * The public feed (feed v3 with the public filter), scrolled without end, or by page: page N
 * starts after the song at offset (N-1)*20-1; page 1 leaves page mode.
 */
export function PublicFeed() {
  const { t } = useTranslation("home");
  const [feed, setFeed] = useState<Feed>(START);
  const [page, setPage] = useState<number | null>(null);
  const busy = useRef(false);

  const load = useCallback(async (cursor: string | null, replace: boolean) => {
    if (busy.current) return;
    busy.current = true;
    setFeed((state) => ({ ...state, loading: true, error: null }));
    try {
      const answer = await fetchFeedPage(PUBLIC, cursor, undefined, FEED_TYPE);
      setFeed((state) => ({
        clips: replace ? answer.clips : [...state.clips, ...answer.clips],
        cursor: answer.next_cursor,
        hasMore: answer.has_more,
        loading: false,
        error: null,
      }));
    } catch (error) {
      setFeed((state) => ({
        ...state,
        loading: false,
        error: error instanceof Error ? error.message : String(error),
      }));
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => {
    if (page === null) {
      void load(null, true);
      return;
    }
    let current = true;
    cursorForPage(PUBLIC, page, undefined, FEED_TYPE)
      .then((cursor) => {
        if (!current) return;
        if (cursor === null) setFeed({ ...START, hasMore: false });
        else void load(cursor, true);
      })
      .catch((error: unknown) =>
        setFeed({ ...START, error: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      current = false;
    };
  }, [page, load]);

  const goTo = (target: number) => setPage(target <= 1 ? null : target);
  const shownPage = page ?? 1;
  return (
    <section className="public-feed" aria-label={t("publicFeed.publicFeed")} data-testid="public-feed">
      <div className="feed-pager">
        <button type="button" onClick={() => goTo(shownPage - 1)} disabled={page === null}>
          {t("publicFeed.previousPage")}
        </button>
        <span data-testid="feed-page">
          {page === null ? t("publicFeed.scrolling") : t("publicFeed.page", { page })}
        </span>
        <button type="button" onClick={() => goTo(shownPage + 1)} disabled={!feed.hasMore && page !== null}>
          {t("publicFeed.nextPage")}
        </button>
      </div>
      <SongList
        label={t("publicFeed.publicSongs")}
        items={feed.clips.map((clip) => ({ clip }))}
        queueContext={{ type: "public_feed", id: page === null ? null : String(page) }}
        menu={songMenu}
        empty={
          !feed.loading && !feed.error && <p className="discover-empty">{t("publicFeed.noPublicSongsYet")}</p>
        }
        onNearEnd={
          page === null && feed.hasMore && !feed.loading ? () => void load(feed.cursor, false) : undefined
        }
        footer={
          <>
            {feed.loading && <p className="discover-loading">{t("publicFeed.loading")}</p>}
            {feed.error && (
              <p className="discover-empty" role="alert">
                {feed.error}
              </p>
            )}
          </>
        }
      />
    </section>
  );
}
