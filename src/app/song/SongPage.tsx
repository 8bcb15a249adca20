import { useCallback, useEffect, useState } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle, formatDuration } from "../../shared/library/clip-display.ts";
import { deeplinkedCommentId, startSeconds } from "../../shared/song-link.ts";
import { ApiError } from "../account/api-request.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { loadSession, useAccount } from "../account/session-store.ts";
import { SongCover } from "../covers/SongCover.tsx";
import { useLocaleFormat } from "../i18n/use-locale-format.ts";
import { PageLoadState } from "../pages/PageLoadState.tsx";
import { playheadStore } from "../player/player-store.ts";
import { Link } from "../router/Link.tsx";
import { profilePath } from "../router/profile-path.ts";
import { useLocation } from "../router/use-location.ts";
import { upsertClips } from "../shell/clips-store.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { ReactionButtons } from "../song-menu/ReactionButtons.tsx";
import { SongMenu } from "../song-menu/SongMenu.tsx";
import { ClipPlayButton } from "../songs/ClipPlayButton.tsx";
import { ClipWaveform } from "../songs/ClipWaveform.tsx";
import { TagLinks } from "../songs/TagLinks.tsx";
import { CommentMarkers } from "./CommentMarkers.tsx";
import { CommentsPanel } from "./CommentsPanel.tsx";
import { fetchSong } from "./song-api.ts";
import { useComments } from "./use-comments.ts";
import { usePlayCount } from "./use-play-count.ts";
import "../create/create.css";
import "../songs/songs.css";
import "./song.css";
import "./comments.css";

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "missing" }
  | { readonly state: "failed" }
  | { readonly state: "ready"; readonly clip: Clip };

/**
 * /song/{id}: one song for anyone who may see it, signed in or not. A missing song, and a private or
 * trashed song of someone else, is the API's 404 and shows as not found: nothing about it leaks.
 */
export default function SongPage({ clipId }: { readonly clipId: string }) {
  const { search } = useLocation();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const session = useAccount((state) => state.session);

  useEffect(() => {
    void loadSession();
  }, []);

  useEffect(() => {
    const abort = new AbortController();
    setLoaded({ state: "loading" });
    fetchSong(clipId, abort.signal)
      .then((clip) => {
        // The player bar plays from the clip store.
        upsertClips([clip]);
        setLoaded({ state: "ready", clip });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setLoaded({ state: "missing" });
        else {
          console.warn("Could not load the song", error);
          setLoaded({ state: "failed" });
        }
      });
    return () => abort.abort();
  }, [clipId]);

  const counted = useCallback(
    (playCount: number) =>
      setLoaded((current) =>
        current.state === "ready"
          ? { ...current, clip: { ...current.clip, play_count: playCount } }
          : current,
      ),
    [],
  );

  return (
    <div className="create-page page song-page">
      <PageHeader />
      {loaded.state !== "ready" && (
        <PageLoadState
          load={loaded}
          noun="song"
          missing={{
            testId: "song-not-found",
            className: "song-missing",
            title: "Song not found",
            home: { href: "/", label: "Go home" },
          }}
        />
      )}
      {loaded.state === "ready" && (
        <SongDetails
          clip={loaded.clip}
          startAt={startSeconds(search, loaded.clip.metadata.duration ?? null)}
          deeplink={deeplinkedCommentId(search)}
          onCounted={counted}
          viewerHandle={session?.user?.handle ?? null}
        />
      )}
      <Toasts />
    </div>
  );
}

interface SongDetailsProps {
  readonly clip: Clip;
  /** Where the first press of play starts, from the address's ?t=. */
  readonly startAt: number;
  /** The comment the address's ?deeplink= names, shown first. */
  readonly deeplink: string | null;
  readonly onCounted: (playCount: number) => void;
  /** The signed-in viewer's handle; null when signed out. */
  readonly viewerHandle: string | null;
}

function SongDetails({ clip, startAt, deeplink, onCounted, viewerHandle }: SongDetailsProps) {
  usePlayCount(clip, onCounted);
  const format = useLocaleFormat();
  const comments = useComments(clip.id, deeplink);
  const tags = clip.display_tags ?? clip.metadata.tags ?? "";
  const lyrics = clip.metadata.prompt?.trim() ?? "";
  // The player's position when it holds this song; otherwise where the address starts it.
  const currentSeconds = () => {
    const playhead = playheadStore.getState();
    return playhead.clipId === clip.id ? playhead.seconds : startAt;
  };
  return (
    <main className="song-details" data-testid="song-page" data-clip-id={clip.id}>
      <div className="song-head">
        <SongCover clip={clip} size={240} />
        <div className="song-summary">
          <h1 data-testid="song-title">{displayTitle(clip)}</h1>
          <Link className="song-owner" href={profilePath(clip.handle)} data-testid="song-owner">
            @{clip.handle}
          </Link>
          {(tags || clip.caption) && (
            <p className="song-tags" data-testid="song-tags">
              <TagLinks tags={tags} caption={clip.caption} />
            </p>
          )}
          {clip.persona !== null && (
            <Link className="song-persona" href={`/persona/${clip.persona.id}`} data-testid="song-persona">
              {clip.persona.name ?? "Persona"}
            </Link>
          )}
          <p className="song-facts">
            <time dateTime={clip.created_at} data-testid="song-created">
              {format.date(clip.created_at)}
            </time>
            <span data-testid="song-duration">{formatDuration(clip.metadata.duration)}</span>
            <span data-testid="song-plays">
              {clip.play_count} {clip.play_count === 1 ? "play" : "plays"}
            </span>
          </p>
          <div className="song-actions">
            <ClipPlayButton clip={clip} startAt={startAt} />
            <ReactionButtons clip={clip} />
            <SongMenu
              clips={[clip]}
              context={{ place: "song", hasCurrentTime: true }}
              currentSeconds={currentSeconds}
            />
          </div>
        </div>
      </div>
      <div className="song-waveform">
        <ClipWaveform clip={clip} />
        <CommentMarkers clip={clip} comments={comments.state.comments} />
      </div>
      <section className="song-lyrics">
        <h2>Lyrics</h2>
        {lyrics === "" ? (
          <p className="create-empty">No lyrics.</p>
        ) : (
          <pre data-testid="song-lyrics">{lyrics}</pre>
        )}
      </section>
      <CommentsPanel clip={clip} model={comments} viewerHandle={viewerHandle} />
    </main>
  );
}
