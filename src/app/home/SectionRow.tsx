import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import type { DiscoverItem, DiscoverSection } from "../../shared/api/discovery.ts";
import { searchHref } from "../../shared/discovery/tags.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import type { MenuContext } from "../../shared/song-menu/menu-context.ts";
import { SongCover } from "../covers/SongCover.tsx";
import { QueueSourceContext } from "../player/queue-source.ts";
import { Link } from "../router/Link.tsx";
import { useNotInterested } from "../shell/not-interested-store.ts";
import { SongMenu } from "../song-menu/SongMenu.tsx";
import { ClipPlayButton } from "../songs/ClipPlayButton.tsx";

const COVER = 132;

const songOf = (item: DiscoverItem): Clip | null =>
  item.entity_type === "song_schema"
    ? item.song
    : item.entity_type === "following_feed_item_schema"
      ? item.clip
      : null;

/** One discover section: its title and a row of cards (songs, personas or creators). */
export function SectionRow({ section }: { readonly section: DiscoverSection }) {
  // Songs marked Not Interested leave the list at once.
  const hidden = useNotInterested();
  const items = useMemo(
    () => section.items.filter((item) => !hidden.has(songOf(item)?.id ?? "")),
    [section.items, hidden],
  );
  const songs = useMemo(() => items.flatMap((item) => songOf(item) ?? []), [items]);
  const menuContext = useMemo<MenuContext>(
    () => ({ place: "feed", section: section.section_name }),
    [section.section_name],
  );
  // Playing a card queues the section's songs.
  const source = useMemo(
    () => ({ clips: songs, context: { type: section.section_name, id: section.section_content } }),
    [songs, section.section_name, section.section_content],
  );
  const titleId = `section-${section.section_name}-${section.section_content ?? ""}`;
  return (
    <section
      className="discover-section"
      aria-labelledby={titleId}
      data-testid="discover-section"
      data-section={section.section_name}
    >
      <h2 id={titleId}>
        {section.section_name === "trending_genre" && section.section_content ? (
          <Link href={searchHref("genre", section.section_content)}>{section.title}</Link>
        ) : (
          section.title
        )}
      </h2>
      <QueueSourceContext.Provider value={source}>
        <ul className="discover-cards">
          {items.map((item) => (
            <li key={keyOf(item)} className="discover-card">
              <Card item={item} menuContext={menuContext} />
            </li>
          ))}
        </ul>
      </QueueSourceContext.Provider>
    </section>
  );
}

const keyOf = (item: DiscoverItem): string => {
  switch (item.entity_type) {
    case "song_schema":
      return item.song.id;
    case "following_feed_item_schema":
      return item.clip.id;
    case "persona_schema":
      return item.persona.id;
    case "user_schema":
      return item.user.id;
  }
};

function Card({ item, menuContext }: { readonly item: DiscoverItem; readonly menuContext: MenuContext }) {
  const { t } = useTranslation("home");
  const song = songOf(item);
  if (song) {
    return (
      <>
        <div className="discover-cover">
          <SongCover clip={song} size={COVER} />
          <ClipPlayButton clip={song} />
          <SongMenu clips={[song]} context={menuContext} buttonClassName="discover-menu" />
        </div>
        <Link className="discover-title" href={`/song/${song.id}`} data-testid="discover-song">
          {displayTitle(song)}
        </Link>
        <span className="discover-note">@{song.handle}</span>
      </>
    );
  }
  if (item.entity_type === "persona_schema") {
    const { persona } = item;
    return (
      <>
        <Link href={`/persona/${persona.id}`} className="discover-avatar" aria-hidden="true" tabIndex={-1}>
          {persona.image_url || persona.clip.image_url ? (
            <img
              src={persona.image_url ?? persona.clip.image_url ?? ""}
              alt=""
              width={COVER}
              height={COVER}
              loading="lazy"
            />
          ) : (
            <span>{persona.name.slice(0, 1).toUpperCase()}</span>
          )}
        </Link>
        <Link className="discover-title" href={`/persona/${persona.id}`}>
          {persona.name}
        </Link>
        <span className="discover-note">
          @{persona.user_handle} · ♥ {persona.upvote_count}
        </span>
      </>
    );
  }
  if (item.entity_type === "user_schema") {
    const { user } = item;
    return (
      <>
        <Link
          href={`/@${encodeURIComponent(user.handle)}`}
          className="discover-avatar discover-avatar-round"
          aria-hidden="true"
          tabIndex={-1}
        >
          <span>{(user.display_name || user.handle).slice(0, 1).toUpperCase()}</span>
        </Link>
        <Link className="discover-title" href={`/@${encodeURIComponent(user.handle)}`}>
          {user.display_name || user.handle}
        </Link>
        <span className="discover-note">@{user.handle}</span>
        <span className="discover-note">
          {user.trending_song_count === 1
            ? t("sectionRow.n1SongTrending")
            : t("sectionRow.songsTrending", { trending_song_count: user.trending_song_count })}
        </span>
      </>
    );
  }
  return null;
}
