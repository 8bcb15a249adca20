import { useCallback, useEffect, useState } from "react";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle, formatDuration } from "../../shared/library/clip-display.ts";
import { ApiError } from "../account/api-request.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { loginPathFor } from "../account/safe-next.ts";
import { loadSession, useAccount } from "../account/session-store.ts";
import { SongCover } from "../covers/SongCover.tsx";
import { PageLoadState } from "../pages/PageLoadState.tsx";
import { playheadStore } from "../player/player-store.ts";
import { navigate } from "../router/history-router.ts";
import { Link } from "../router/Link.tsx";
import { profilePath } from "../router/profile-path.ts";
import { useLocation } from "../router/use-location.ts";
import { upsertClips } from "../shell/clips-store.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { showToast } from "../shell/toast-store.ts";
import { ClipPlayButton } from "../songs/ClipPlayButton.tsx";
import { ClipWaveform } from "../songs/ClipWaveform.tsx";
import { CommentMarkers } from "./CommentMarkers.tsx";
import { CommentsPanel } from "./CommentsPanel.tsx";
import { SongMenu } from "./SongMenu.tsx";
import { fetchSong, setLiked } from "./song-api.ts";
import { songPath, startSeconds } from "./song-link.ts";
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
  const session = useAccount((state) => state.session);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });

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

  const signedIn = session?.user != null;
  const like = async (clip: Clip) => {
    if (!signedIn) {
      navigate(loginPathFor(`${songPath(clip.id)}${search}`));
      return;
    }
    try {
      const answer = await setLiked(clip.id, clip.reaction?.reaction_type !== "L");
      setLoaded({
        state: "ready",
        clip: { ...clip, reaction: answer.reaction, upvote_count: answer.upvote_count },
      });
    } catch (error) {
      console.warn("Could not like the song", error);
      showToast({ kind: "error", title: "Error", description: "Please try again.", durationMs: 5000 });
    }
  };

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
          onLike={() => void like(loaded.clip)}
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
  readonly onLike: () => void;
  readonly onCounted: (playCount: number) => void;
  /** The signed-in viewer's handle; null when signed out. */
  readonly viewerHandle: string | null;
}

function SongDetails({ clip, startAt, onLike, onCounted, viewerHandle }: SongDetailsProps) {
  usePlayCount(clip, onCounted);
  const comments = useComments(clip.id);
  const liked = clip.reaction?.reaction_type === "L";
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
          {tags && (
            <p className="song-tags" data-testid="song-tags">
              {tags}
            </p>
          )}
          {clip.persona !== null && (
            <Link className="song-persona" href={`/persona/${clip.persona.id}`} data-testid="song-persona">
              {clip.persona.name ?? "Persona"}
            </Link>
          )}
          <p className="song-facts">
            <time dateTime={clip.created_at} data-testid="song-created">
              {new Date(clip.created_at).toLocaleDateString(undefined, { dateStyle: "medium" })}
            </time>
            <span data-testid="song-duration">{formatDuration(clip.metadata.duration)}</span>
            <span data-testid="song-plays">
              {clip.play_count} {clip.play_count === 1 ? "play" : "plays"}
            </span>
          </p>
          <div className="song-actions">
            <ClipPlayButton clip={clip} startAt={startAt} />
            <button
              type="button"
              className="secondary"
              aria-pressed={liked}
              aria-label={liked ? "Unlike" : "Like"}
              onClick={onLike}
            >
              {liked ? "♥" : "♡"} <span data-testid="song-likes">{clip.upvote_count}</span>
            </button>
            <SongMenu clip={clip} currentSeconds={currentSeconds} />
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
