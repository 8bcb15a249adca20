import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MetaplaylistResponse } from "../../shared/api/discovery.ts";
import { searchHref } from "../../shared/discovery/tags.ts";
import { Link } from "../router/Link.tsx";
import { fetchTrendingLists } from "./discover-api.ts";

/** The trending lists per genre (GET /api/trending/metaplaylist/), each opening its genre's songs. */
export function TrendingLists() {
  const { t } = useTranslation("home");
  const [lists, setLists] = useState<MetaplaylistResponse["playlists"]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetchTrendingLists(controller.signal)
      .then((answer) => setLists(answer.playlists.filter((list) => list.section_content !== null)))
      .catch(() => {
        // The list is a shortcut; the sections show the same songs.
      });
    return () => controller.abort();
  }, []);
  if (lists.length === 0) return null;
  return (
    <nav className="trending-lists panel" aria-label={t("trendingLists.genres")}>
      <h2>{t("trendingLists.genres")}</h2>
      <ul>
        {lists.map((list) => (
          <li key={list.id}>
            <Link href={searchHref("genre", list.section_content ?? "")}>
              {list.name.replace(/^Trending in /, "")}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
