import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_HITS_COUNTED } from "../../shared/api/search.ts";
import { parseSearchAddress, type SearchKind } from "../../shared/discovery/tags.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { Link } from "../router/Link.tsx";
import { useLocation } from "../router/use-location.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { rowMenu } from "../song-menu/SongMenu.tsx";
import { SongList } from "../songs/SongList.tsx";
import { type SearchOverview, searchOverview, searchSongPage } from "./search-api.ts";
import "./search.css";

const songMenu = rowMenu({ place: "search" });

type Found =
  | { readonly state: "loading" }
  | { readonly state: "error"; readonly message: string }
  | ({ readonly state: "done" } & SearchOverview);

const HEADINGS: Record<SearchKind, (term: string) => string> = {
  words: (term) => `Results for “${term}”`,
  tag: (term) => `Songs tagged “${term}”`,
  hashtag: (term) => `#${term}`,
  genre: (term) => `${term} songs`,
};

/** The count line; word searches stop counting at SEARCH_HITS_COUNTED. */
const songCount = (total: number) =>
  total === 1 ? "1 song" : total >= SEARCH_HITS_COUNTED ? `${SEARCH_HITS_COUNTED}+ songs` : `${total} songs`;

const NONE: Omit<SearchOverview, "songs" | "total"> = { users: [], playlists: [], personas: [] };

/** /search?q=: songs (and people, playlists, personas) for words; ?type=tag|hashtag|genre: one tag's songs. */
export default function SearchPage() {
  const { t } = useTranslation("search");
  const { search } = useLocation();
  const { kind, term } = parseSearchAddress(search);
  const [found, setFound] = useState<Found>({ state: "loading" });
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    if (!term) return;
    const controller = new AbortController();
    setFound({ state: "loading" });
    const request =
      kind === "words"
        ? searchOverview(term, controller.signal)
        : searchSongPage(kind, term, 0, controller.signal).then((page) => ({ ...NONE, ...page }));
    request
      .then((answer) => setFound({ state: "done", ...answer }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setFound({ state: "error", message: error instanceof Error ? error.message : String(error) });
      });
    return () => controller.abort();
  }, [kind, term]);

  const loadMore = async () => {
    if (found.state !== "done" || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await searchSongPage(kind, term, found.songs.length);
      setFound({ ...found, songs: [...found.songs, ...page.songs], total: page.total });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="search-page">
      <PageHeader />
      <main data-testid="search-page">
        {!term ? (
          <p className="search-empty">{t("searchPage.typeInTheSearch")}</p>
        ) : (
          <>
            <h1>{HEADINGS[kind](term)}</h1>
            {found.state === "loading" && <p className="search-count">{t("searchPage.searching")}</p>}
            {found.state === "error" && (
              <p className="search-empty" role="alert">
                {found.message}
              </p>
            )}
            {found.state === "done" && (
              <>
                <p className="search-count" data-testid="search-count">
                  {songCount(found.total)}
                </p>
                <SearchOthers found={found} />
                <SongList
                  label={t("searchPage.songsFound")}
                  items={found.songs.map((clip) => ({ clip }))}
                  queueContext={{ type: "search", id: `${kind}:${term}` }}
                  menu={songMenu}
                  empty={<p className="search-empty">{t("searchPage.noSongsMatchTry")}</p>}
                  footer={
                    found.songs.length < found.total && (
                      <button type="button" className="search-more" onClick={loadMore} disabled={loadingMore}>
                        {loadingMore ? t("searchPage.loading") : t("searchPage.moreSongs")}
                      </button>
                    )
                  }
                />
              </>
            )}
          </>
        )}
      </main>
      <Toasts />
    </div>
  );
}

/** The people, playlists and personas that match, as links above the songs. */
function SearchOthers({ found }: { readonly found: SearchOverview }) {
  const { t } = useTranslation("search");
  const links = [
    ...found.users.map((user) => ({
      key: `u${user.id}`,
      href: `/@${encodeURIComponent(user.handle)}`,
      text: user.display_name || user.handle,
      note: `@${user.handle}`,
    })),
    ...found.personas.map((persona) => ({
      key: `p${persona.id}`,
      href: `/persona/${persona.id}`,
      text: persona.name,
      note: "persona",
    })),
    ...found.playlists.map((playlist) => ({
      key: `l${playlist.id}`,
      href: `/playlist/${playlist.id}`,
      text: playlist.name,
      note: `playlist · ${playlist.num_total_results}`,
    })),
  ];
  if (links.length === 0) return null;
  return (
    <ul className="search-others" aria-label={t("searchPage.peoplePersonasAndPlaylists")}>
      {links.map((link) => (
        <li key={link.key}>
          <Link className="search-chip" href={link.href}>
            {link.text} <small>{link.note}</small>
          </Link>
        </li>
      ))}
    </ul>
  );
}
