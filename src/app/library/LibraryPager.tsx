import { useState } from "react";
import { useTranslation } from "react-i18next";
import { goToPage, loadMore, useLibrary } from "./library-store.ts";

/**
 * Below the list: in infinite mode, more rows as the view nears the end (and a button for those
 * who prefer one); a page number to jump to, which enters page mode; in page mode, Previous and
 * Next, and page 1 goes back to infinite mode.
 */
export function LibraryPager() {
  const { t } = useTranslation("library");
  const page = useLibrary((state) => state.page);
  const hasMore = useLibrary((state) => state.hasMore);
  const loading = useLibrary((state) => state.loading);
  const empty = useLibrary((state) => state.loaded && state.clips.length === 0);
  const [wanted, setWanted] = useState("");
  const jump = (target: number) => {
    setWanted("");
    void goToPage(target);
  };
  // An empty library has no pages to go to.
  if (empty && page === null) return null;
  return (
    <div className="library-pager" data-testid="library-pager">
      {page === null ? (
        (hasMore || loading) && (
          <button type="button" className="secondary" disabled={loading} onClick={loadMore}>
            {loading ? t("libraryPager.loading") : t("libraryPager.loadMore")}
          </button>
        )
      ) : (
        <>
          <button type="button" className="secondary" disabled={loading} onClick={() => jump(page - 1)}>
            {t("libraryPager.previous")}
          </button>
          <span data-testid="library-page">
            {t("libraryPager.page")} {page}
          </span>
          <button
            type="button"
            className="secondary"
            disabled={loading || !hasMore}
            onClick={() => jump(page + 1)}
          >
            {t("libraryPager.next")}
          </button>
        </>
      )}
      <form
        className="library-jump"
        onSubmit={(event) => {
          event.preventDefault();
          const target = Number.parseInt(wanted, 10);
          if (Number.isFinite(target)) jump(target);
        }}
      >
        <label>
          <span>{t("libraryPager.goToPage")}</span>
          <input
            type="number"
            min={1}
            step={1}
            value={wanted}
            onChange={(event) => setWanted(event.target.value)}
          />
        </label>
        <button type="submit" className="secondary" disabled={wanted === ""}>
          {t("libraryPager.go")}
        </button>
      </form>
    </div>
  );
}
