import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DiscoverSection } from "../../shared/api/discovery.ts";
import { fetchSections, SECTIONS_AT_ONCE } from "./discover-api.ts";
import { SectionRow } from "./SectionRow.tsx";

type Loaded = {
  readonly sections: readonly DiscoverSection[];
  /** Known once the first answer came. */
  readonly total: number | null;
  readonly loading: boolean;
  readonly error: string | null;
};

/**
 * The discover sections, a few at a time: the next ones load when the end of the page comes into
 * view. Sections with nothing in them are not shown.
 */
export function DiscoverSections() {
  const { t } = useTranslation("home");
  const [loaded, setLoaded] = useState<Loaded>({ sections: [], total: null, loading: false, error: null });
  const busy = useRef(false);
  const end = useRef<HTMLDivElement>(null);
  const done = loaded.total !== null && loaded.sections.length >= loaded.total;

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoaded((state) => ({ ...state, loading: true, error: null }));
    try {
      const start = loadedCount.current;
      const answer = await fetchSections(start);
      loadedCount.current = start + answer.sections.length;
      setLoaded((state) => ({
        sections: [...state.sections, ...answer.sections],
        total: answer.sections.length < SECTIONS_AT_ONCE ? loadedCount.current : answer.total_sections,
        loading: false,
        error: null,
      }));
    } catch (error) {
      setLoaded((state) => ({
        ...state,
        loading: false,
        error: error instanceof Error ? error.message : String(error),
      }));
    } finally {
      busy.current = false;
    }
  }, []);
  const loadedCount = useRef(0);

  // The first sections at once; the rest as the end of the list comes near. Observing again after
  // each load: a marker still in view after new sections came gets no new intersection event.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count re-arms the observer, as said.
  useEffect(() => {
    const marker = end.current;
    if (!marker || done || loaded.error) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [done, loaded.error, loadMore, loaded.sections.length]);

  const shown = loaded.sections.filter((section) => section.items.length > 0);
  return (
    <div className="discover-sections" data-testid="discover-sections">
      {shown.map((section) => (
        <SectionRow key={`${section.section_name}:${section.section_content ?? ""}`} section={section} />
      ))}
      {done && shown.length === 0 && (
        <p className="discover-empty" data-testid="discover-empty">
          {t("discoverSections.noPublicSongsYet")}
        </p>
      )}
      {loaded.error && (
        <p className="discover-empty" role="alert">
          {t("discoverSections.errorLoadingSongs")} {loaded.error}{" "}
          <button type="button" onClick={() => void loadMore()}>
            {t("discoverSections.tryAgain")}
          </button>
        </p>
      )}
      <div ref={end} className="discover-end" aria-hidden="true">
        {loaded.loading && <span className="discover-loading">{t("discoverSections.loadingMore")}</span>}
      </div>
    </div>
  );
}
