import { useEffect, useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { PageHeader } from "../account/PageHeader.tsx";
import { loadSession } from "../account/session-store.ts";
import { Link } from "../router/Link.tsx";
import { type StationItem, useLiveStation } from "./use-live-station.ts";
import "../playlists/playlists.css";
import "./live-radio.css";

/** Songs of the programme the page lists after the one on air. */
const UP_NEXT_SHOWN = 5;

const cover = (item: StationItem, size: number) =>
  item.item.image_url === null ? (
    <span className="live-cover live-cover-empty" style={{ width: size, height: size }} aria-hidden="true">
      ♪
    </span>
  ) : (
    <img className="live-cover" src={item.item.image_url} alt="" width={size} height={size} />
  );

/** The operating system's media controls show the song on air. */
function useLiveMediaSession(playing: StationItem | null): void {
  const { t } = useTranslation("radio");
  useEffect(() => {
    const session = typeof navigator === "undefined" ? undefined : navigator.mediaSession;
    if (session === undefined || playing === null) return;
    session.metadata = new MediaMetadata({
      title: playing.item.title || t("untitled"),
      artist: playing.item.handle,
      album: t("live.album"),
      artwork: playing.item.image_url === null ? [] : [{ src: playing.item.image_url }],
    });
    session.playbackState = "playing";
  }, [playing, t]);
}

/**
 * /live-radio: one station everyone hears in step, the hottest public songs. Sound starts on the
 * listener's press, as pages may not start it unasked.
 */
export default function LiveRadioPage() {
  const { t, i18n } = useTranslation("radio");
  const audio = useRef<HTMLAudioElement | null>(null);
  const station = useLiveStation(audio);
  useLiveMediaSession(station.playing);

  useEffect(() => {
    void loadSession();
  }, []);

  const onAir = station.items[0];
  const upNext = station.items.slice(1, 1 + UP_NEXT_SHOWN);
  return (
    <div className="page live-radio-page">
      <PageHeader />
      <main data-testid="live-radio" data-song-id={station.playing?.songId ?? ""}>
        <header className="playlist-head">
          {onAir === undefined ? (
            <span
              className="live-cover live-cover-empty"
              style={{ width: 180, height: 180 }}
              aria-hidden="true"
            >
              ♪
            </span>
          ) : (
            cover(onAir, 180)
          )}
          <div className="playlist-facts">
            <span className="playlist-kind">
              <span className="live-dot" aria-hidden="true" /> {t("live.kind")}
            </span>
            <h1 className="playlist-name">{t("live.title")}</h1>
            {station.state === "loading" && <p className="playlist-owner">{t("live.tuningIn")}</p>}
            {station.state === "failed" && <p className="playlist-owner">{t("live.failed")}</p>}
            {station.state === "ready" && onAir === undefined && (
              <p className="playlist-owner" data-testid="live-radio-empty">
                {t("live.empty")}
              </p>
            )}
            {onAir !== undefined && (
              <p className="playlist-owner">
                <Trans
                  t={t}
                  i18nKey="live.onAir"
                  values={{ title: onAir.item.title || t("untitled"), handle: onAir.item.handle }}
                  components={{
                    song: <Link href={`/song/${onAir.songId}`} />,
                    owner: <Link href={`/@${onAir.item.handle}`} />,
                  }}
                />
              </p>
            )}
            <div className="playlist-actions">
              <button
                type="button"
                className="playlist-play-all"
                disabled={onAir === undefined}
                onClick={station.listening ? station.stop : station.listen}
              >
                {station.listening ? `■ ${t("live.stop")}` : `▶ ${t("live.listen")}`}
              </button>
            </div>
          </div>
        </header>
        {upNext.length > 0 && (
          <section aria-label={t("live.upNext")} className="radio-up-next">
            <h2>{t("live.upNext")}</h2>
            <ol className="playlist-songs">
              {upNext.map((item) => (
                <li key={item.startMs} className="playlist-song">
                  {cover(item, 40)}
                  <span className="playlist-song-names">
                    <Link className="playlist-song-title" href={`/song/${item.songId}`}>
                      {item.item.title || t("untitled")}
                    </Link>
                    <Link className="playlist-song-handle" href={`/@${item.item.handle}`}>
                      @{item.item.handle}
                    </Link>
                  </span>
                  <span className="playlist-song-duration">
                    {new Date(item.startMs).toLocaleTimeString(i18n.language, {
                      hour: "2-digit",
                      minute: "2-digit",
                    })}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        )}
        {/* biome-ignore lint/a11y/useMediaCaption: generated songs have no captions; lyrics show on the song page. */}
        <audio ref={audio} data-testid="live-radio-audio" preload="auto" />
      </main>
    </div>
  );
}
