import { type RawBuilder, sql } from "kysely";

/**
 * What kind of clip a row is, from its metadata, as SQL predicates over `clips` (and the viewer's
 * reaction `vr`). Each is true or false, never null, so `not` turns it around. The feed filters
 * and the older library filters share these definitions.
 */
const type = sql`coalesce(clips.metadata->>'type', 'gen')`;
const task = sql`coalesce(clips.metadata->>'task', '')`;
const isTrue = (field: string) => sql<boolean>`coalesce(clips.metadata->>${sql.lit(field)} = 'true', false)`;
const isSet = (field: string) => sql<boolean>`(clips.metadata->>${sql.lit(field)} is not null)`;

export type Predicate = RawBuilder<boolean>;

export const CLIP_KIND = {
  /** Split stems and generated stems. */
  stem: sql<boolean>`(${type} = 'stem' or ${task} in ('gen_stem', 'stem', 'stem_condition'))`,
  genStem: sql<boolean>`(${task} = 'gen_stem')`,
  /** The user's own audio, as uploaded. */
  upload: sql<boolean>`(${type} = 'upload')`,
  /** A whole song assembled from an extend chain (Get Full Song). */
  fullSong: sql<boolean>`(${type} in ('concat', 'concat_infilling'))`,
  concat: sql<boolean>`(${type} in ('concat', 'concat_infilling'))`,
  cover: sql<boolean>`(${isSet("cover_clip_id")} or ${task} like '%cover%')`,
  extend: sql<boolean>`(${type} in ('extend', 'upload_extend') or ${task} in ('extend', 'upload_extend', 'infill_outro', 'cover_extend', 'artist_extend', 'artist_cover_extend'))`,
  /** Remasters (upsampled clips). */
  remaster: sql<boolean>`(${task} = 'upsample' or ${isSet("upsample_clip_id")})`,
  infill: sql<boolean>`(${isTrue("infill")} or ${task} like '%infill%')`,
  persona: sql<boolean>`(clips.persona_id is not null or ${isSet("persona_id")})`,
  short: isTrue("is_tunesmith_short"),
  /** Exported from the studio. */
  studio: sql<boolean>`(${type} = 'studio_export' or ${isSet("from_studio_project_id")})`,
  belowLoudnessThreshold: isTrue("is_loudness_under_threshold"),
  liked: sql<boolean>`coalesce(vr.reaction_type = 'L', false)`,
  disliked: sql<boolean>`coalesce(vr.reaction_type = 'D', false)`,
} satisfies Record<string, Predicate>;

export const metadataEquals = (field: string, value: string) =>
  sql<boolean>`coalesce(clips.metadata->>${sql.lit(field)} = ${value}, false)`;

/** What separates the fields in `clips.search_text` (migration 0012). */
const FIELD_SEPARATOR = "\x1f";

/** `text` for a LIKE pattern, matching literally: backslash (LIKE's escape), % and _ escaped. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` literally anywhere. */
export const likeContaining = (text: string) => `%${likeEscaped(text)}%`;

/**
 * Case-insensitive substring search over title, tags, negative tags and prompt (001 "Feed
 * search"), on `clips.search_text`: the four fields lowered and joined by a unit separator, which a
 * search word never holds, so a phrase matches within one field only. From three characters on
 * the trigram index can answer it (`like`); shorter words have no trigram and are looked for in
 * each candidate row (`strpos`), so the planner does not walk the whole index for them.
 */
export function matchesSearch(text: string): Predicate {
  if (text.includes(FIELD_SEPARATOR)) return matchesSearchByField(text);
  if ([...text].length < 3) return sql<boolean>`(strpos(clips.search_text, lower(${text})) > 0)`;
  return sql<boolean>`(clips.search_text like lower(${likeContaining(text)}))`;
}

/** The same search field by field: for a search holding the separator itself. */
function matchesSearchByField(text: string): Predicate {
  const needle = sql`lower(${text})`;
  const within = (haystack: RawBuilder<unknown>) =>
    sql`strpos(lower(coalesce(${haystack}, '')), ${needle}) > 0`;
  return sql<boolean>`(${within(sql`clips.title`)} or ${within(sql`clips.metadata->>'tags'`)} or ${within(
    sql`clips.metadata->>'negative_tags'`,
  )} or ${within(sql`clips.metadata->>'prompt'`)})`;
}

export const not = (predicate: Predicate) => sql<boolean>`not ${predicate}`;
export const and = (predicates: readonly Predicate[]) =>
  predicates.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(predicates, sql` and `)})`;
