import { type Kysely, sql } from "kysely";
import type { Persona } from "../../shared/api/personas.ts";
import type { Database } from "../db/schema.ts";
import { inSearchScope, type ScopedSearch, searchWindow } from "../db/scoped-search.ts";
import { personaMatches, personaView, selectPersonas } from "./persona-store.ts";

/** Personas matching a term in their name or description; trashed ones left out. */
export async function searchPersonas(
  db: Kysely<Database>,
  viewerId: string | null,
  /** trending: most loved first; most_relevant: names starting with the term first, then most loved. */
  search: ScopedSearch,
): Promise<{ personas: Persona[]; total: number }> {
  let base = selectPersonas(db, viewerId)
    .where("personas.is_trashed", "=", false)
    .where(inSearchScope("personas", search, viewerId));
  if (search.term) base = base.where(personaMatches(search.term));
  let ordered = base;
  if (search.rankBy === "most_relevant" && search.term) {
    ordered = ordered.orderBy(sql`strpos(lower(personas.name), lower(${search.term})) = 1`, "desc");
  }
  const { rows, total } = await searchWindow(
    base,
    ordered
      .orderBy("personas.upvote_count", "desc")
      .orderBy("personas.created_at", "desc")
      .orderBy("personas.id", "desc"),
    search,
  );
  return { personas: rows.map((row) => personaView(row, viewerId)), total };
}
