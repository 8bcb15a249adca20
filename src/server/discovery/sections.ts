import type { Kysely } from "kysely";
import {
  type DiscoverItem,
  type DiscoverSection,
  SECTION_NAMES,
  type SectionName,
} from "../../shared/api/discovery.ts";
import { type Random, shuffleHead } from "../../shared/discovery/random-genres.ts";
import type { ClipViewRow } from "../clips/clip-repository.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { personaView, selectPersonas } from "../personas/persona-store.ts";
import { trendingCreators } from "./creators.ts";
import { discoverable } from "./discoverable.ts";
import {
  engagedUserTopSongs,
  featuredFeedForYou,
  followingListen,
  type ListWindow,
  newSongs,
  newSongsForYou,
  suggestedCreatorTopSongs,
  trendingCreatorTopSongs,
} from "./special-lists.ts";
import { trendingSongs } from "./trending-songs.ts";
import { PLATFORM_GENRES, type ViewerTaste, viewerTaste } from "./viewer-taste.ts";

/** A section of the home page: its name, and its genre for trending_genre. */
export interface SectionRef {
  readonly name: SectionName;
  readonly content: string | null;
}

/** What one request knows of its viewer, worked out once and only if a section needs it. */
export class DiscoverContext {
  private taste: Promise<ViewerTaste> | undefined;

  constructor(
    readonly db: Kysely<Database>,
    readonly viewerId: string | null,
    readonly random: Random,
    readonly shuffle: boolean,
  ) {}

  viewerTaste(): Promise<ViewerTaste> {
    this.taste ??= viewerTaste(this.db, this.viewerId, this.random);
    return this.taste;
  }
}

const TITLES: Record<SectionName, string> = {
  new_songs_for_you: "New songs for you",
  featured_feed_for_you: "Fresh from creators you follow",
  trending_songs: "Trending",
  new_songs: "New songs",
  engaged_user_top_songs: "More from creators you like",
  following_listen: "What your follows are listening to",
  popular_personas: "Popular personas",
  trending_creators: "Trending creators",
  trending_creator_top_songs: "Top songs of trending creators",
  suggested_creator_top_songs: "Creators you might like",
  trending_genre: "Trending",
};

const PERSONAL: ReadonlySet<SectionName> = new Set([
  "new_songs_for_you",
  "featured_feed_for_you",
  "engaged_user_top_songs",
  "following_listen",
  "suggested_creator_top_songs",
]);

export const sectionTitle = (ref: SectionRef): string =>
  ref.name === "trending_genre" && ref.content ? `Trending in ${genreLabel(ref.content)}` : TITLES[ref.name];

/** Genres as written in headings: initials in capitals, other words capitalized. */
const GENRE_LABELS: Readonly<Record<string, string>> = { edm: "EDM", "r&b": "R&B", "lo-fi": "Lo-fi" };
const genreLabel = (genre: string) =>
  GENRE_LABELS[genre] ?? genre.replace(/(^|[\s-])([a-z])/g, (_, lead, letter) => lead + letter.toUpperCase());

/**
 * Genres known to have had a public song: a genre once lively stays listed (should it empty, its
 * section comes back empty and the page leaves it out), so each request probes only the others.
 */
const livelyGenresFound = new WeakMap<Kysely<Database>, Set<string>>();

/** The genres that have at least one public song, in PLATFORM_GENRES order. */
async function livelyGenres(db: Kysely<Database>): Promise<string[]> {
  let known = livelyGenresFound.get(db);
  if (!known) {
    known = new Set();
    livelyGenresFound.set(db, known);
  }
  const lively = known;
  for (const genre of await probeGenres(
    db,
    PLATFORM_GENRES.filter((genre) => !lively.has(genre)),
  ))
    lively.add(genre);
  return PLATFORM_GENRES.filter((genre) => lively.has(genre));
}

/** Those of the genres with a public song: one index probe each. */
async function probeGenres(db: Kysely<Database>, genres: readonly string[]): Promise<string[]> {
  const found = await Promise.all(
    genres.map(async (genre) => {
      const row = await db
        .selectFrom("clip_scores as score")
        .innerJoin("clips", "clips.id", "score.clip_id")
        .select("score.clip_id")
        .where("score.genre", "=", genre)
        .where(discoverable)
        .limit(1)
        .executeTakeFirst();
      return row ? genre : null;
    }),
  );
  return found.filter((genre): genre is string => genre !== null);
}

/**
 * The viewer's sections in order: the ones made for them first (signed in only), the lists
 * everyone sees, then a trending list per genre that has songs, the viewer's genres first.
 */
export async function sectionCatalogue(context: DiscoverContext): Promise<SectionRef[]> {
  const genres = await livelyGenres(context.db);
  const tasteGenres: readonly string[] = context.viewerId ? (await context.viewerTaste()).genres : [];
  const orderedGenres = [
    ...tasteGenres.filter((g) => genres.includes(g)),
    ...genres.filter((g) => !tasteGenres.includes(g)),
  ];
  const names = SECTION_NAMES.filter(
    (name) => name !== "trending_genre" && (context.viewerId !== null || !PERSONAL.has(name)),
  );
  return [
    ...names.map((name) => ({ name, content: null })),
    ...orderedGenres.map((genre) => ({ name: "trending_genre" as const, content: genre })),
  ];
}

/** A feed section's songs are items of the feed (each a publish); the other lists' are songs. */
const songItems = (ref: SectionRef, rows: readonly ClipViewRow[], viewerId: string | null): DiscoverItem[] =>
  ref.name === "featured_feed_for_you"
    ? rows.map((row) => ({
        entity_type: "following_feed_item_schema",
        activity_type: "publish_song",
        clip: clipView(row, viewerId),
      }))
    : rows.map((row) => ({ entity_type: "song_schema", song: clipView(row, viewerId) }));

async function songRows(
  context: DiscoverContext,
  ref: SectionRef,
  window: ListWindow,
): Promise<ClipViewRow[]> {
  const { db, viewerId } = context;
  switch (ref.name) {
    case "trending_songs":
      return trendingSongs(db, viewerId, window);
    case "trending_genre":
      return trendingSongs(db, viewerId, { ...window, genres: ref.content ? [ref.content] : [] });
    case "new_songs":
      return newSongs(db, viewerId, window);
    case "trending_creator_top_songs":
      return trendingCreatorTopSongs(db, viewerId, window);
    default:
      break;
  }
  if (!viewerId) return [];
  switch (ref.name) {
    case "new_songs_for_you": {
      const taste = await context.viewerTaste();
      const rows = await newSongsForYou(db, viewerId, taste, window);
      // The random-genre rule: a new listener's first ten in a random order.
      return taste.random && context.shuffle && window.offset === 0
        ? shuffleHead(rows, context.random)
        : rows;
    }
    case "featured_feed_for_you":
      return featuredFeedForYou(db, viewerId, window);
    case "engaged_user_top_songs":
      return engagedUserTopSongs(db, viewerId, window);
    case "following_listen":
      return followingListen(db, viewerId, window);
    case "suggested_creator_top_songs":
      return suggestedCreatorTopSongs(db, viewerId, await context.viewerTaste(), window);
    default:
      return [];
  }
}

/** One section with a window of its items; one more is read to tell whether more follow. */
export async function loadSection(
  context: DiscoverContext,
  ref: SectionRef,
  window: ListWindow,
): Promise<DiscoverSection> {
  const { db, viewerId } = context;
  const wider = { offset: window.offset, limit: window.limit + 1 };
  let section_type: DiscoverSection["section_type"] = "song_list";
  let items: DiscoverItem[];
  if (ref.name === "popular_personas") {
    section_type = "persona_list";
    const rows = await selectPersonas(db, viewerId)
      .where("personas.is_public", "=", true)
      .where("personas.is_trashed", "=", false)
      .orderBy("personas.upvote_count", "desc")
      .orderBy("personas.created_at", "desc")
      .orderBy("personas.id", "desc")
      .limit(wider.limit)
      .offset(wider.offset)
      .execute();
    items = rows.map((row) => ({ entity_type: "persona_schema", persona: personaView(row, viewerId) }));
  } else if (ref.name === "trending_creators") {
    section_type = "creator_list";
    const creators = await trendingCreators(db, { limit: wider.offset + wider.limit, viewerId });
    items = creators.slice(wider.offset).map((user) => ({ entity_type: "user_schema", user }));
  } else {
    items = songItems(ref, await songRows(context, ref, wider), viewerId);
  }
  return {
    section_type,
    section_name: ref.name,
    section_content: ref.content,
    title: sectionTitle(ref),
    items: items.slice(0, window.limit),
    start_index: window.offset,
    has_more: items.length > window.limit,
  };
}
