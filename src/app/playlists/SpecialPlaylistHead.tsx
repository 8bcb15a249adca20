import type { ReactNode } from "react";
import { mosaicCovers, playlistSummaryLine } from "./playlist-rules.ts";

export interface SpecialPlaylistHeadProps {
  /** What kind of list it is ("Made for you"), its name and one line about it. */
  readonly kind: string;
  readonly name: string;
  readonly about: string;
  readonly coverUrls: readonly string[];
  readonly count: number;
  readonly seconds: number;
  /** Its buttons (Play all, Shuffle). */
  readonly children: ReactNode;
}

/** The head of a playlist made for the listener (liked, on repeat): mosaic, name, counts, buttons. */
export function SpecialPlaylistHead({
  kind,
  name,
  about,
  coverUrls,
  count,
  seconds,
  children,
}: SpecialPlaylistHeadProps) {
  const covers = mosaicCovers(coverUrls);
  return (
    <header className="playlist-head">
      <div className={`playlist-mosaic tiles-${covers.length}`} aria-hidden="true">
        {covers.map((url) => (
          <img key={url} src={url} alt="" />
        ))}
      </div>
      <div className="playlist-facts">
        <span className="playlist-kind">{kind}</span>
        <h1 className="playlist-name">{name}</h1>
        <p className="playlist-owner">{about}</p>
        <p className="playlist-summary" data-testid="playlist-summary">
          {playlistSummaryLine(count, seconds)}
        </p>
        <div className="playlist-actions">{children}</div>
      </div>
    </header>
  );
}
