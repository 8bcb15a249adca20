import { filtersToQuery, type LibraryFilters } from "../../shared/library/library-filters.ts";

export const TRASH_VIEW = "trash";

/** The address of the library under these filters (and of its trash). */
export function libraryPath(filters: LibraryFilters, trash: boolean): string {
  const query = filtersToQuery(filters);
  if (trash) query.set("view", TRASH_VIEW);
  const text = query.toString();
  return text === "" ? "/me" : `/me?${text}`;
}
