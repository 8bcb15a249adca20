import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TRI_STATES, type TriState } from "../../shared/api/feed-query-schemas.ts";
import {
  FILTER_NAMES,
  type FilterName,
  LIBRARY_SORTS,
  type LibraryFilters,
  type LibrarySort,
} from "../../shared/library/library-filters.ts";

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

function TriStateSelect({
  name,
  value,
  onChange,
}: {
  readonly name: FilterName;
  readonly value: TriState;
  readonly onChange: (value: TriState) => void;
}) {
  const { t } = useTranslation("library");
  return (
    <label className={`library-filter${value === "Any" ? "" : " library-filter-set"}`}>
      <span>{t(`filters.${name}`)}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as TriState)}>
        {TRI_STATES.map((state) => (
          <option key={state} value={state}>
            {t(`states.${state}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The search box (debounced), the sort and each tri-state filter. */
export function LibraryFilterBar({
  filters,
  onChange,
}: {
  readonly filters: LibraryFilters;
  readonly onChange: (filters: LibraryFilters) => void;
}) {
  const { t } = useTranslation("library");
  const [typed, setTyped] = useState(filters.search);
  // The address may change the search (back, a shared link): the box follows it.
  useEffect(() => setTyped(filters.search), [filters.search]);
  useEffect(() => {
    if (typed.trim() === filters.search.trim()) return;
    const timer = setTimeout(() => onChange({ ...filters, search: typed.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, filters, onChange]);

  return (
    <div className="library-toolbar">
      <div className="library-toolbar-row">
        <input
          type="search"
          className="library-search"
          aria-label={t("libraryFilterBar.searchYourSongs")}
          placeholder={t("libraryFilterBar.searchTitleStylesOr")}
          value={typed}
          maxLength={256}
          onChange={(event) => setTyped(event.target.value)}
        />
        <label className="library-sort">
          <span>{t("libraryFilterBar.sort")}</span>
          <select
            value={filters.sort}
            onChange={(event) => onChange({ ...filters, sort: event.target.value as LibrarySort })}
          >
            {LIBRARY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`sorts.${sort}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="library-filters">
        <legend>{t("libraryFilterBar.filters")}</legend>
        {FILTER_NAMES.map((name) => (
          <TriStateSelect
            key={name}
            name={name}
            value={filters.states[name]}
            onChange={(value) => onChange({ ...filters, states: { ...filters.states, [name]: value } })}
          />
        ))}
      </fieldset>
    </div>
  );
}
