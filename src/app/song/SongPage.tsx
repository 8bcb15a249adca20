import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { displayTitle, formatDuration } from "../../shared/library/clip-display.ts";
import { deeplinkedCommentId, startSeconds } from "../../shared/song-link.ts";
import { ApiError } from "../account/api-request.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { loadSession, useAccount } from "../account/session-store.ts";
import { clipPersonaFace, PersonaLink } from "../covers/PersonaAvatar.tsx";
import { SongCover } from "../covers/SongCover.tsx";
import { useLocaleFormat } from "../i18n/use-locale-format.ts";
import { PageLoadState } from "../pages/PageLoadState.tsx";
import { playheadStore } from "../player/player-store.ts";
import { useLocation } from "../router/use-location.ts";
import { upsertClips, useClips } from "../shell/clips-store.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { ReactionButtons } from "../song-menu/ReactionButtons.tsx";
import { SongMenu } from "../song-menu/SongMenu.tsx";
import { ClipPlayButton } from "../songs/ClipPlayButton.tsx";
import { TagLinks } from "../songs/TagLinks.tsx";
import { CommentsPanel } from "./CommentsPanel.tsx";
import { SongParent, SongRemixes } from "./SongFamily.tsx";
import { SongLyrics } from "./SongLyrics.tsx";
import { SongOwner } from "./SongOwner.tsx";
import { SongWaveform } from "./SongWaveform.tsx";
import { fetchSong } from "./song-api.ts";
import { useComments } from "./use-comments.ts";
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
  // The song's menu and reactions speak the song menu's words: they load with the page.
  const { t } = useTranslation(["song", "songMenu"]);
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

  return (
    <div className="create-page page song-page">
      <PageHeader />
      {loaded.state !== "ready" && (
        <PageLoadState
          load={loaded}
          failedText={t("page.failed")}
          missing={{
            testId: "song-not-found",
            className: "song-missing",
            title: t("page.notFound"),
            text: t("page.missing"),
            home: { href: "/", label: t("page.goHome") },
          }}
        />
      )}
      {loaded.state === "ready" && (
        <SongDetails
          clip={loaded.clip}
          startAt={startSeconds(search, loaded.clip.metadata.duration ?? null)}
          deeplink={deeplinkedCommentId(search)}
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
  /** The signed-in viewer's handle; null when signed out. */
  readonly viewerHandle: string | null;
}

function SongDetails({ clip, startAt, deeplink, viewerHandle }: SongDetailsProps) {
  const { t } = useTranslation("song");
  const format = useLocaleFormat();
  // Plays are counted by the global player; the count it reports back lands in the clip store.
  const playCount = useClips((state) => state.byId[clip.id]?.clip.play_count) ?? clip.play_count;
  const comments = useComments(clip.id, deeplink);
  const tags = clip.display_tags ?? clip.metadata.tags ?? "";
  // The player's position when it holds this song; otherwise where the address starts it.
  const currentSeconds = () => {
    const playhead = playheadStore.getState();
    return playhead.clipId === clip.id ? playhead.seconds : startAt;
  };
  return (
    <main className="song-details" data-testid="song-page" data-clip-id={clip.id}>
      <SongParent clip={clip} />
      <div className="song-head">
        <SongCover clip={clip} size={240} />
        <div className="song-summary">
          <h1 data-testid="song-title">{displayTitle(clip)}</h1>
          <SongOwner handle={clip.handle} />
          {(tags || clip.caption) && (
            <p className="song-tags" data-testid="song-tags">
              <TagLinks tags={tags} caption={clip.caption} />
            </p>
          )}
          {clip.persona !== null && (
            <PersonaLink
              className="song-persona"
              persona={clipPersonaFace(clip.persona)}
              size={28}
              testId="song-persona"
            >
              {clip.persona.name ?? t("page.persona")}
            </PersonaLink>
          )}
          <p className="song-facts">
            <time dateTime={clip.created_at} data-testid="song-created">
              {format.date(clip.created_at)}
            </time>
            <span data-testid="song-duration">{formatDuration(clip.metadata.duration)}</span>
            <span data-testid="song-plays">{t("page.plays", { count: playCount })}</span>
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
      <SongWaveform clip={clip} comments={comments.state.comments} />
      <SongLyrics clip={clip} />
      <CommentsPanel clip={clip} model={comments} viewerHandle={viewerHandle} />
      <SongRemixes clip={clip} />
    </main>
  );
}
