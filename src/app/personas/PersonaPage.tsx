import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { PERSONA_NOT_FOUND, type Persona } from "../../shared/api/personas.ts";
import { ApiError } from "../account/api-request.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { useSignedIn } from "../account/use-signed-in.ts";
import { toggleLoveWithToast } from "../create/personas/persona-love.ts";
import { followPersona, personaPage } from "../create/personas/personas-api.ts";
import { PageLoadState } from "../pages/PageLoadState.tsx";
import { navigate } from "../router/history-router.ts";
import { Link } from "../router/Link.tsx";
import { profilePath } from "../router/profile-path.ts";
import { upsertClips } from "../shell/clips-store.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { showToast } from "../shell/toast-store.ts";
import { rowMenu } from "../song-menu/SongMenu.tsx";
import { SongList } from "../songs/SongList.tsx";
import "../create/create.css";
import "../songs/songs.css";
import "./persona-page.css";

type Loaded =
  | { readonly state: "loading" }
  | { readonly state: "missing"; readonly detail: string }
  | { readonly state: "failed" }
  | {
      readonly state: "ready";
      readonly persona: Persona;
      readonly clips: readonly Clip[];
      /** The last page of songs loaded (pages of 20), and whether more follow. */
      readonly page: number;
      readonly hasMore: boolean;
    };

/** /create?use_persona={clipId}: use_persona names a song, here the persona's root clip. */
export const personaUseHref = (persona: Persona): string =>
  `/create?use_persona=${encodeURIComponent(persona.root_clip_id)}`;

const songMenu = rowMenu({ place: "persona" });

/**
 * /persona/{id}: the persona, its base song and the songs made with it, with love,
 * follow and Use Persona. A private persona of someone else, or a missing one, is the API's 404.
 */
export default function PersonaPage({ personaId }: { readonly personaId: string }) {
  // Loving a persona here speaks the create page's words (its persona actions): their texts load
  // with the page.
  const { t } = useTranslation(["profile", "create"]);
  const session = useSignedIn();
  const userId = session?.user?.id ?? null;
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    setLoaded({ state: "loading" });
    personaPage(personaId)
      .then(({ persona, has_more }) => {
        if (!live) return;
        const clips = persona.persona_clips.map((item) => item.clip);
        // The player bar plays from the clip store.
        upsertClips(clips);
        setLoaded({ state: "ready", persona, clips, page: 1, hasMore: has_more });
      })
      .catch((error: unknown) => {
        if (!live) return;
        // A malformed id is as missing as an unknown one.
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          setLoaded({ state: "missing", detail: error.status === 404 ? error.detail : PERSONA_NOT_FOUND });
        else {
          console.warn("Could not load the persona", error);
          setLoaded({ state: "failed" });
        }
      });
    return () => {
      live = false;
    };
  }, [personaId, userId]);

  const update = (change: Partial<Persona>) =>
    setLoaded((current) =>
      current.state === "ready" ? { ...current, persona: { ...current.persona, ...change } } : current,
    );

  // The next page of songs, after those shown (a song already shown is not repeated).
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = async () => {
    if (loaded.state !== "ready" || loadingMore) return;
    setLoadingMore(true);
    try {
      const answer = await personaPage(personaId, loaded.page + 1);
      const more = answer.persona.persona_clips.map((item) => item.clip);
      upsertClips(more);
      setLoaded((current) => {
        if (current.state !== "ready") return current;
        const shown = new Set(current.clips.map((clip) => clip.id));
        return {
          ...current,
          clips: [...current.clips, ...more.filter((clip) => !shown.has(clip.id))],
          page: answer.current_page,
          hasMore: answer.has_more,
        };
      });
    } catch (error) {
      console.warn("Could not load more of the persona's songs", error);
      showToast({
        kind: "error",
        title: t("persona.couldNotLoadMore"),
        description: t("persona.tryAgain"),
        durationMs: 5000,
      });
    } finally {
      setLoadingMore(false);
    }
  };

  const love = async (persona: Persona) => {
    const answer = await toggleLoveWithToast(persona);
    if (answer !== null) update({ is_loved: answer.loved, upvote_count: answer.upvote_count });
  };

  const follow = async (persona: Persona) => {
    try {
      const answer = await followPersona(persona.id, !persona.is_following);
      update({ is_following: answer.following, follower_count: answer.follower_count });
    } catch (error) {
      console.warn("Could not follow the persona", error);
      showToast({
        kind: "error",
        title: t("persona.error"),
        description: t("persona.tryAgain"),
        durationMs: 5000,
      });
    }
  };

  if (session === null || userId === null) return <p className="page-loading">{t("persona.loading")}</p>;
  return (
    <div className="create-page page persona-page">
      <PageHeader />
      {loaded.state !== "ready" && (
        <PageLoadState
          load={loaded}
          failedText={t("persona.failed")}
          missing={{
            testId: "persona-not-found",
            // The server's own reason when it gives another than the usual one.
            title:
              loaded.state === "missing" && loaded.detail !== PERSONA_NOT_FOUND
                ? loaded.detail
                : t("persona.notFound"),
            text: t("persona.missing"),
            home: { href: "/create", label: t("persona.backToCreate") },
          }}
        />
      )}
      {loaded.state === "ready" && (
        <PersonaDetails
          persona={loaded.persona}
          clips={loaded.clips}
          more={loaded.hasMore ? { loading: loadingMore, load: () => void loadMore() } : null}
          onLove={() => void love(loaded.persona)}
          onFollow={() => void follow(loaded.persona)}
        />
      )}
      <Toasts />
    </div>
  );
}

interface PersonaDetailsProps {
  readonly persona: Persona;
  readonly clips: readonly Clip[];
  /** More songs to load, when there are. */
  readonly more: { readonly loading: boolean; readonly load: () => void } | null;
  readonly onLove: () => void;
  readonly onFollow: () => void;
}

function PersonaDetails({ persona, clips, more, onLove, onFollow }: PersonaDetailsProps) {
  const { t } = useTranslation("profile");
  return (
    <main className="persona-details" data-testid="persona-page">
      <div className="persona-head">
        {persona.image_url && (
          <img src={persona.image_url} alt="" width={120} height={120} className="persona-image" />
        )}
        <div className="persona-summary">
          <h1 data-testid="persona-name">{persona.name}</h1>
          <p className="create-note" data-testid="persona-owner">
            <Trans
              t={t}
              i18nKey="persona.by"
              values={{ handle: persona.user_handle }}
              components={{ owner: <Link href={profilePath(persona.user_handle)} /> }}
            />
          </p>
          <p data-testid="persona-visibility">
            {persona.is_public ? t("persona.public") : t("persona.private")}
          </p>
          {persona.description && <p data-testid="persona-description">{persona.description}</p>}
          <div className="persona-actions">
            <button
              type="button"
              className="secondary"
              aria-pressed={persona.is_loved}
              aria-label={persona.is_loved ? t("persona.unlove") : t("persona.love")}
              onClick={onLove}
            >
              {persona.is_loved ? "♥" : "♡"} <span data-testid="persona-loves">{persona.upvote_count}</span>
            </button>
            {!persona.is_owned && (
              <button
                type="button"
                className="secondary"
                aria-pressed={persona.is_following}
                onClick={onFollow}
              >
                {persona.is_following ? t("persona.isFollowing") : t("persona.follow")}
              </button>
            )}
            <button type="button" onClick={() => navigate(personaUseHref(persona))}>
              {t("persona.use")}
            </button>
          </div>
        </div>
      </div>
      <section className="persona-section">
        <h2>{t("persona.basedOn")}</h2>
        <p>{persona.clip.title || t("persona.untitled")}</p>
        {persona.clip.audio_url && (
          // biome-ignore lint/a11y/useMediaCaption: generated songs have no captions.
          <audio controls preload="none" src={persona.clip.audio_url} data-testid="persona-base-audio" />
        )}
      </section>
      <section className="persona-section">
        <h2>{t("persona.songs")}</h2>
        {/* The one song list of every page, its rows the library's. */}
        <SongList
          items={clips.map((clip) => ({ clip }))}
          label={t("persona.songs")}
          queueContext={{ type: "persona", id: persona.id }}
          menu={songMenu}
          empty={<p className="create-empty">{t("persona.noSongs")}</p>}
          footer={
            more !== null && (
              <button type="button" className="secondary" disabled={more.loading} onClick={more.load}>
                {more.loading ? t("persona.loading") : t("persona.moreSongs")}
              </button>
            )
          }
        />
      </section>
    </main>
  );
}
