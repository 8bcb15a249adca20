import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "./schema.ts";

/**
 * pg_trgm's functions and operators, named with the schema the extension is in: tests run each in
 * a schema of their own with only that schema on the search path (see migration 0012).
 */
export interface Trigram {
  /** similarity(a, b) */
  similarity(a: RawBuilder<unknown>, b: RawBuilder<unknown> | string): RawBuilder<number>;
  /** a % b: similar enough to use the trigram index. */
  similar(a: RawBuilder<unknown>, b: RawBuilder<unknown> | string): RawBuilder<boolean>;
  /** word_similarity(a, b): how well a matches some extent of b. */
  wordSimilarity(a: RawBuilder<unknown> | string, b: RawBuilder<unknown>): RawBuilder<number>;
  /** a <% b: a matches some extent of b well enough, on the index. */
  wordSimilar(a: RawBuilder<unknown> | string, b: RawBuilder<unknown>): RawBuilder<boolean>;
}

const found = new WeakMap<object, Promise<Trigram>>();

const value = (part: RawBuilder<unknown> | string) => (typeof part === "string" ? sql`${part}::text` : part);

async function lookUp(db: Kysely<Database>): Promise<Trigram> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error("The pg_trgm extension is not installed");
  const id = sql.id(schema);
  const operator = (name: string) => sql.raw(`operator(${JSON.stringify(schema)}.${name})`);
  return {
    similarity: (a, b) => sql<number>`${id}.similarity(${value(a)}, ${value(b)})`,
    similar: (a, b) => sql<boolean>`(${value(a)} ${operator("%")} ${value(b)})`,
    wordSimilarity: (a, b) => sql<number>`${id}.word_similarity(${value(a)}, ${value(b)})`,
    wordSimilar: (a, b) => sql<boolean>`(${value(a)} ${operator("<%")} ${value(b)})`,
  };
}

/** The database's pg_trgm, looked up once per database. */
export function trigram(db: Kysely<Database>): Promise<Trigram> {
  let known = found.get(db);
  if (!known) {
    known = lookUp(db);
    known.catch(() => found.delete(db));
    found.set(db, known);
  }
  return known;
}
