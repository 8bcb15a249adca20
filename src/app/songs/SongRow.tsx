import type { CSSProperties, DragEvent, MouseEvent, ReactNode, Ref } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle, formatDuration } from "../../shared/library/clip-display.ts";
import { clipPersonaFace, PersonaLink } from "../covers/PersonaAvatar.tsx";
import { SongCover } from "../covers/SongCover.tsx";
import { Link } from "../router/Link.tsx";
import { profilePath } from "../router/profile-path.ts";
import { ClipPlayButton } from "./ClipPlayButton.tsx";
import { ClipWaveform } from "./ClipWaveform.tsx";
import { clipStatusLabel } from "./clip-status.ts";
import { TagLinks } from "./TagLinks.tsx";

export interface SongItem {
  readonly clip: Clip;
  /** Dropped from polling by the stuck rules: shown as stopped. */
  readonly stuck?: boolean;
}

export interface SongRowProps {
  readonly item: SongItem;
  readonly selected: boolean;
  /** Clicking the row (not its buttons) selects it; absent where a list has no selection. */
  readonly onSelect?: (id: string, keys: { shift: boolean; toggle: boolean }) => void;
  readonly menu?: (clip: Clip) => ReactNode;
  /** Where the virtualised list places and measures the row. */
  readonly place: {
    readonly index: number;
    /** The list's length: only the rows in view are drawn, so each says where it stands in all. */
    readonly count: number;
    readonly ref: Ref<HTMLLIElement>;
    readonly style: CSSProperties;
  };
  /** In a list kept in order (a playlist): the drag handle and the row's number, before the cover. */
  readonly order?: {
    readonly lead: ReactNode;
    /** A dragged row is over this one: it shows where the song lands. */
    readonly dropTarget: boolean;
    readonly onDragOver?: (event: DragEvent) => void;
    readonly onDrop?: (event: DragEvent) => void;
  };
}

/** One song: cover, play, title, handle, tags, length, status, waveform, counts, chips and menu. */
export function SongRow({ item, selected, onSelect, menu, place, order }: SongRowProps) {
  const { t } = useTranslation("common");
  const { clip, stuck = false } = item;
  const duration = formatDuration(clip.metadata.duration);
  const tags = clip.display_tags ?? clip.metadata.tags ?? "";
  const select = onSelect
    ? (event: MouseEvent) => {
        if ((event.target as HTMLElement).closest("button, a, input, [role=menu]")) return;
        onSelect(clip.id, { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
      }
    : undefined;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox is the keyboard's way to select.
    <li
      className={`clip-row${selected ? " clip-row-selected" : ""}${order?.dropTarget ? " clip-row-drop" : ""}`}
      data-testid="clip-row"
      data-clip-id={clip.id}
      data-status={clip.status}
      data-selected={onSelect ? selected : undefined}
      data-index={place.index}
      aria-posinset={place.index + 1}
      aria-setsize={place.count}
      ref={place.ref}
      style={place.style}
      onClick={select}
      onDragOver={order?.onDragOver}
      onDrop={order?.onDrop}
    >
      {order?.lead}
      {onSelect && (
        <input
          type="checkbox"
          className="clip-select"
          aria-label={t("songRow.select", { value0: displayTitle(clip) })}
          checked={selected}
          onChange={() => onSelect(clip.id, { shift: false, toggle: true })}
        />
      )}
      <SongCover clip={clip} />
      <ClipPlayButton clip={clip} />
      <div className="clip-body">
        <div className="clip-head">
          {/* A song being made has no page to show yet; a finished one opens its song page. */}
          {clip.status === "complete" ? (
            <Link
              className="clip-title"
              data-testid="clip-title"
              href={`/song/${encodeURIComponent(clip.id)}`}
              onClick={(event) => event.stopPropagation()}
            >
              {displayTitle(clip)}
            </Link>
          ) : (
            <span className="clip-title" data-testid="clip-title">
              {displayTitle(clip)}
            </span>
          )}
          <Link
            className="clip-handle"
            href={profilePath(clip.handle)}
            onClick={(event) => event.stopPropagation()}
          >
            @{clip.handle}
          </Link>
          {duration && <span className="clip-duration">{duration}</span>}
          {/* A status region: screen readers say when a song moves on (Queued, Streaming, Complete). */}
          <span className={`clip-status clip-status-${clip.status}`} data-testid="clip-status" role="status">
            {stuck ? t("songRow.stopped") : clipStatusLabel(clip.status)}
          </span>
        </div>
        <div className="clip-meta">
          <span className="clip-tags">
            <TagLinks tags={tags} />
          </span>
          {clip.persona && (
            <PersonaLink className="clip-chip" persona={clipPersonaFace(clip.persona)} size={16}>
              {clip.persona.name ?? t("songRow.persona")}
            </PersonaLink>
          )}
          {clip.project && (
            <Link className="clip-chip" href={`/create?wid=${encodeURIComponent(clip.project.id)}`}>
              {clip.project.name ?? t("songRow.workspace")}
            </Link>
          )}
          <span className="clip-count" title={t("songRow.likes")} data-testid="clip-likes">
            ♥ {clip.upvote_count}
          </span>
          <span className="clip-count" title={t("songRow.plays")} data-testid="clip-plays">
            ▷ {clip.play_count}
          </span>
        </div>
        {clip.status === "error" && clip.metadata.error_message && (
          <span className="clip-error">{clip.metadata.error_message}</span>
        )}
        <ClipWaveform clip={clip} />
      </div>
      {menu && <div className="clip-actions">{menu(clip)}</div>}
    </li>
  );
}
