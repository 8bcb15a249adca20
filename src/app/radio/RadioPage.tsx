import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle, formatDuration } from "../../shared/library/clip-display.ts";
import { ApiError } from "../account/api-request.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { loadSession } from "../account/session-store.ts";
import { SongCover } from "../covers/SongCover.tsx";
import { PageLoadState } from "../pages/PageLoadState.tsx";
import { currentClip } from "../player/player-queue.ts";
import { usePlayer } from "../player/player-store.ts";
import { Link } from "../router/Link.tsx";
import { Toasts } from "../shell/Toasts.tsx";
import { showToast } from "../shell/toast-store.ts";
import { fetchSeed, startRadio } from "./radio-session.ts";
import "../playlists/playlists.css";
import "./radio.css";

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "missing" }
  | { readonly state: "failed" }
  | { readonly state: "ready"; readonly seed: Clip };

/** Songs of the radio's queue the page lists ahead. */
const UP_NEXT_SHOWN = 10;

/**
 * /radio/song/{clipId}: an endless queue of songs like the seed song (its styles, tempo and key,
 * persona), none twice in the session. Sound starts on the listener's press, as pages may not start
 * it unasked.
 */
export default function RadioPage({ clipId }: { readonly clipId: string }) {
  const { t } = useTranslation("song");
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [starting, setStarting] = useState(false);
  const onAir = usePlayer((state) => state.context?.type === "radio" && state.context.id === clipId);
  const nowPlaying = usePlayer(currentClip);
  const order = usePlayer((state) => state.order);
  const position = usePlayer((state) => state.position);
  const upNext = order.slice(position + 1, position + 1 + UP_NEXT_SHOWN);
  const clips = usePlayer((state) => state.clips);

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    setLoaded({ state: "loading" });
    fetchSeed(clipId, abort.signal)
      .then((seed) => setLoaded({ state: "ready", seed }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setLoaded({ state: "missing" });
        else setLoaded({ state: "failed" });
      });
    return () => abort.abort();
  }, [clipId]);

  const start = async (seed: Clip) => {
    setStarting(true);
    try {
      await startRadio(seed);
    } catch (error) {
      console.warn("Could not start the radio", error);
      showToast({ kind: "error", title: t("radio.startFailed"), durationMs: 5000 });
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="page radio-page">
      <PageHeader />
      {loaded.state !== "ready" ? (
        <PageLoadState
          load={loaded}
          failedText={t("radio.failed")}
          missing={{
            testId: "radio-not-found",
            title: t("radio.notFound"),
            text: t("radio.missing"),
            home: { href: "/", label: t("radio.goHome") },
          }}
        />
      ) : (
        <main data-testid="radio-page">
          <header className="playlist-head">
            <SongCover clip={loaded.seed} size={180} />
            <div className="playlist-facts">
              <span className="playlist-kind">{t("radio.kind")}</span>
              <h1 className="playlist-name">{t("radio.title", { title: displayTitle(loaded.seed) })}</h1>
              <p className="playlist-owner">
                <Trans
                  t={t}
                  i18nKey="radio.songsLike"
                  values={{ title: displayTitle(loaded.seed), handle: loaded.seed.handle }}
                  components={{
                    song: <Link href={`/song/${loaded.seed.id}`} />,
                    owner: <Link href={`/@${loaded.seed.handle}`} />,
                  }}
                />
              </p>
              <div className="playlist-actions">
                <button
                  type="button"
                  className="playlist-play-all"
                  disabled={starting}
                  onClick={() => void start(loaded.seed)}
                >
                  {starting ? t("radio.tuningIn") : onAir ? t("radio.restart") : t("radio.start")}
                </button>
              </div>
            </div>
          </header>
          {onAir && nowPlaying !== undefined && (
            <section aria-label={t("radio.upNext")} className="radio-up-next">
              <h2>{t("radio.nowPlaying", { title: displayTitle(nowPlaying) })}</h2>
              <ol className="playlist-songs" data-testid="radio-up-next">
                {upNext.map((index) => {
                  const clip = clips[index];
                  if (clip === undefined) return null;
                  return (
                    <li key={clip.id} className="playlist-song" data-clip-id={clip.id}>
                      <SongCover clip={clip} size={40} />
                      <span className="playlist-song-names">
                        <Link className="playlist-song-title" href={`/song/${clip.id}`}>
                          {displayTitle(clip)}
                        </Link>
                        <span className="playlist-song-handle">@{clip.handle}</span>
                      </span>
                      <span className="playlist-song-duration">{formatDuration(clip.metadata.duration)}</span>
                    </li>
                  );
                })}
              </ol>
            </section>
          )}
        </main>
      )}
      <Toasts />
    </div>
  );
}
