import { type Kysely, sql } from "kysely";
import type { Persona } from "../../shared/api/personas.ts";
import type { Database } from "../db/schema.ts";
import { personaMatches, personaView, selectPersonas } from "./persona-store.ts";

export interface PersonaSearch {
  /** public: everyone's public personas; library: the viewer's own. */
  readonly scope: "public" | "library";
  readonly term: string;
  readonly offset: number;
  readonly limit: number;
  /** trending: most loved first; most_relevant: names starting with the term first, then most loved. */
  readonly rankBy: "trending" | "most_relevant";
}

export async function searchPersonas(
  db: Kysely<Database>,
  viewerId: string | null,
  search: PersonaSearch,
): Promise<{ personas: Persona[]; total: number }> {
  let base = selectPersonas(db, viewerId).where("personas.is_trashed", "=", false);
  base =
    search.scope === "public"
      ? base.where("personas.is_public", "=", true)
      : base.where("personas.user_id", "=", viewerId ?? "");
  if (search.term) base = base.where(personaMatches(search.term));
  let ordered = base;
  if (search.rankBy === "most_relevant" && search.term) {
    ordered = ordered.orderBy(sql`strpos(lower(personas.name), lower(${search.term})) = 1`, "desc");
  }
  const [rows, total] = await Promise.all([
    ordered
      .orderBy("personas.upvote_count", "desc")
      .orderBy("personas.created_at", "desc")
      .orderBy("personas.id", "desc")
      .limit(search.limit)
      .offset(search.offset)
      .execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { personas: rows.map((row) => personaView(row, viewerId)), total: Number(total.count) };
}
