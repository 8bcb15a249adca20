import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Profile } from "../../shared/api/profiles.ts";
import { displayTitle } from "../../shared/library/clip-display.ts";
import { ApiError } from "../account/api-request.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { loginPathFor } from "../account/safe-next.ts";
import { loadSession, useAccount } from "../account/session-store.ts";
import { PersonaLink, personaFace } from "../covers/PersonaAvatar.tsx";
import { PageLoadState } from "../pages/PageLoadState.tsx";
import { navigate } from "../router/history-router.ts";
import { Link } from "../router/Link.tsx";
import { profilePath } from "../router/profile-path.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { showToast } from "../shell/toast-store.ts";
import { rowMenu } from "../song-menu/SongMenu.tsx";
import { ClipPlayButton } from "../songs/ClipPlayButton.tsx";
import { SongList } from "../songs/SongList.tsx";
import { EditProfileForm } from "./EditProfileForm.tsx";
import { FollowListDialog, ProfileAvatar } from "./FollowListDialog.tsx";
import { follow } from "./profile-api.ts";
import { RemixesInspired } from "./RemixesInspired.tsx";
import { type ProfileData, useProfile } from "./use-profile.ts";
import "../create/create.css";
import "../songs/songs.css";
import "./profile.css";

const songMenu = rowMenu({ place: "profile" });

/**
 * /@{handle}: a person's page for anyone. Their avatar, names, bio and counts, follow, their public
 * songs (pinned first), most played songs, playlists, personas, and the remixes their songs
 * inspired; their own profile can be edited here.
 */
export default function ProfilePage({ handle }: { readonly handle: string }) {
  const { t } = useTranslation("profile");
  const session = useAccount((state) => state.session);
  const viewerId = session?.user?.id ?? null;
  const { load, update, loadMore } = useProfile(handle, viewerId);
  useEffect(() => {
    void loadSession();
  }, []);

  return (
    <div className="create-page page profile-page">
      <PageHeader />
      {load.state !== "ready" && (
        <PageLoadState
          load={load}
          failedText={t("page.failed")}
          missing={{
            testId: "profile-not-found",
            className: "song-missing",
            title: t("page.notFound"),
            text: t("page.missing"),
            home: { href: "/", label: t("page.goHome") },
          }}
        />
      )}
      {load.state === "ready" && (
        <ProfileDetails data={load.data} signedIn={viewerId !== null} update={update} loadMore={loadMore} />
      )}
      <Toasts />
    </div>
  );
}

interface ProfileDetailsProps {
  readonly data: ProfileData;
  readonly signedIn: boolean;
  readonly update: (change: (data: ProfileData) => ProfileData) => void;
  readonly loadMore: () => Promise<void>;
}

function ProfileDetails({ data, signedIn, update, loadMore }: ProfileDetailsProps) {
  const { t } = useTranslation("profile");
  const { profile } = data;
  const [list, setList] = useState<"followers" | "following" | null>(null);
  const [editing, setEditing] = useState(false);
  const setProfile = (change: Partial<Profile>) =>
    update((current) => ({ ...current, profile: { ...current.profile, ...change } }));

  const toggleFollow = async () => {
    if (!signedIn) {
      navigate(loginPathFor(profilePath(profile.handle)));
      return;
    }
    const following = profile.is_following;
    // Shown at once; put back if the server refuses.
    setProfile({ is_following: !following, num_followers: profile.num_followers + (following ? -1 : 1) });
    try {
      const answer = await follow(profile.handle, following);
      setProfile({ is_following: answer.is_following, num_followers: answer.num_followers });
    } catch (error) {
      setProfile({ is_following: following, num_followers: profile.num_followers });
      const detail = error instanceof ApiError ? error.detail : t("page.tryAgain");
      showToast({
        kind: "error",
        title: following ? t("page.couldNotUnfollow") : t("page.couldNotFollow"),
        description: detail,
        durationMs: 5000,
      });
    }
  };

  return (
    <main className="profile-details" data-testid="profile-page" data-handle={profile.handle}>
      <header className="profile-head">
        <ProfileAvatar url={profile.avatar_image_url} name={profile.display_name} size={128} />
        <div className="profile-summary">
          <h1 data-testid="profile-name">{profile.display_name}</h1>
          <p className="profile-handle" data-testid="profile-handle">
            @{profile.handle}
          </p>
          {profile.bio !== "" && (
            <p className="profile-bio" data-testid="profile-bio">
              {profile.bio}
            </p>
          )}
          <p className="profile-counts">
            <button type="button" className="profile-count" onClick={() => setList("followers")}>
              <strong data-testid="profile-followers">{profile.num_followers}</strong>{" "}
              {t("page.followers", { count: profile.num_followers })}
            </button>
            <button type="button" className="profile-count" onClick={() => setList("following")}>
              <strong data-testid="profile-following">{profile.num_following}</strong> {t("page.following")}
            </button>
            <span>
              <strong>{profile.num_public_clips}</strong>{" "}
              {t("page.songs", { count: profile.num_public_clips })}
            </span>
          </p>
          <div className="profile-actions">
            {profile.is_self ? (
              <button type="button" className="secondary" onClick={() => setEditing(true)}>
                {t("page.editProfile")}
              </button>
            ) : (
              <button
                type="button"
                className={profile.is_following ? "secondary" : undefined}
                aria-pressed={profile.is_following}
                onClick={() => void toggleFollow()}
              >
                {profile.is_following ? t("page.isFollowing") : t("page.follow")}
              </button>
            )}
          </div>
        </div>
      </header>
      {editing && (
        <EditProfileForm
          profile={profile}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            setEditing(false);
            setProfile(saved);
            // A new handle is a new address.
            if (saved.handle !== profile.handle) navigate(profilePath(saved.handle), { replace: true });
          }}
        />
      )}
      {list !== null && (
        <FollowListDialog handle={profile.handle} list={list} onClose={() => setList(null)} />
      )}

      {data.topClips.length > 0 && (
        <section className="profile-section">
          <h2>{t("page.topSongs")}</h2>
          <ol className="profile-top" data-testid="profile-top">
            {data.topClips.slice(0, 5).map((clip) => (
              <li key={clip.id}>
                <ClipPlayButton clip={clip} />
                <Link href={`/song/${clip.id}`}>{displayTitle(clip)}</Link>
                <span className="profile-muted">▷ {clip.play_count}</span>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section className="profile-section profile-songs">
        <h2>{t("page.songs")}</h2>
        <SongList
          items={data.clips.map((clip) => ({ clip }))}
          label={t("page.songsBy", { handle: profile.handle })}
          queueContext={{ type: "profile", id: profile.handle }}
          menu={songMenu}
          empty={<p className="create-empty">{t("page.noSongs")}</p>}
          footer={
            data.nextPage !== null ? (
              <button type="button" className="secondary" onClick={() => void loadMore()}>
                {t("page.moreSongs")}
              </button>
            ) : null
          }
        />
      </section>

      <section className="profile-section">
        <h2>{t("page.playlists")}</h2>
        {data.playlists.length === 0 ? (
          <p className="create-empty">{t("page.noPlaylists")}</p>
        ) : (
          <ul className="profile-cards">
            {data.playlists.map((playlist) => (
              <li key={playlist.id}>
                <Link href={`/playlist/${playlist.id}`}>{playlist.name}</Link>
                <span className="profile-muted">
                  {t("page.playlistSongs", { count: playlist.num_clips })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="profile-section">
        <h2>{t("page.personas")}</h2>
        {data.personas.length === 0 ? (
          <p className="create-empty">{t("page.noPersonas")}</p>
        ) : (
          <ul className="profile-cards">
            {data.personas.map((persona) => (
              <li key={persona.id}>
                <PersonaLink persona={personaFace(persona)} size={40} testId="profile-persona">
                  {persona.name}
                </PersonaLink>
              </li>
            ))}
          </ul>
        )}
      </section>

      <RemixesInspired handle={profile.handle} count={data.remixCount} />
    </main>
  );
}
