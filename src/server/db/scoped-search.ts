import { type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "./schema.ts";

/** A search of POST /api/search/: everyone's public items, or the viewer's own. */
export interface ScopedSearch {
  readonly scope: "public" | "library";
  readonly term: string;
  readonly offset: number;
  readonly limit: number;
  readonly rankBy: "trending" | "most_relevant";
}

/** The scope's rows of a table with is_public and user_id columns. */
export const inSearchScope = (table: "clips" | "personas", search: ScopedSearch, viewerId: string | null) =>
  search.scope === "public"
    ? sql<boolean>`${sql.ref(`${table}.is_public`)}`
    : sql<boolean>`${sql.ref(`${table}.user_id`)} = ${viewerId ?? ""}`;

/**
 * One window of a search's results and how many the filter matches in all; `ordered` is `filtered`
 * with its ranking, so both count the same rows.
 */
export async function searchWindow<DB extends Database, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  ordered: SelectQueryBuilder<DB, TB, O>,
  search: Pick<ScopedSearch, "offset" | "limit">,
): Promise<{ rows: O[]; total: number }> {
  const [rows, total] = await Promise.all([
    ordered.limit(search.limit).offset(search.offset).execute(),
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      // Kysely cannot resolve the selection over a generic table list; the count is this one column.
      .$castTo<{ count: number }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
