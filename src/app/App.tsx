import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { LoginPage } from "./account/LoginPage.tsx";
import { ClipActionModals } from "./clip-actions/ClipActionModals.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { HomePage } from "./home/HomePage.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { PlayerBar } from "./player/PlayerBar.tsx";
import { showsGlobalPlayer } from "./player/player-routes.ts";
import { AddToPlaylistHost } from "./playlists/AddToPlaylist.tsx";
import { Redirect } from "./router/Redirect.tsx";
import { useLocation } from "./router/use-location.ts";
import { matchRoute } from "./routes.ts";
import { StudioLayout } from "./StudioLayout.tsx";
import { ShareModalHost } from "./share/ShareModal.tsx";

// The studio (PixiJS, the editing code) loads only when it is opened.
const StudioPage = lazy(() => import("./StudioPage.tsx"));
const CreatePage = lazy(() => import("./create/CreatePage.tsx"));
const LibraryPage = lazy(() => import("./library/LibraryPage.tsx"));
const PersonasPage = lazy(() => import("./library/PersonasPage.tsx"));
const PersonaPage = lazy(() => import("./personas/PersonaPage.tsx"));
const SongPage = lazy(() => import("./song/SongPage.tsx"));
const ProfilePage = lazy(() => import("./profile/ProfilePage.tsx"));
const PlaylistPage = lazy(() => import("./playlists/PlaylistPage.tsx"));
const NotificationsPage = lazy(() => import("./pages/NotificationsPage.tsx"));
const SearchPage = lazy(() => import("./search/SearchPage.tsx"));
const DescribeClipPage = lazy(() => import("./clip-actions/describe/DescribeClipPage.tsx"));
const RadioPage = lazy(() => import("./radio/RadioPage.tsx"));
const ContestPage = lazy(() => import("./contests/ContestPage.tsx"));
const EditLegacyPage = lazy(() => import("./edit-legacy/EditLegacyPage.tsx"));
const EditPage = lazy(() => import("./edit/EditPage.tsx"));
const LiveRadioPage = lazy(() => import("./live-radio/LiveRadioPage.tsx"));
const OnRepeatPage = lazy(() => import("./on-repeat/OnRepeatPage.tsx"));
const LikedSongsPage = lazy(() => import("./playlists/LikedSongsPage.tsx"));
const HooksFeedPage = lazy(() => import("./hooks/HooksFeedPage.tsx"));
const HookPage = lazy(() => import("./hooks/HookPage.tsx"));
const HookCreatePage = lazy(() => import("./hooks/HookCreatePage.tsx"));
const AccountPage = lazy(() => import("./pages/AccountPage.tsx"));
const SignupPage = lazy(() => import("./signup/SignupPage.tsx"));
const ForgotPasswordPage = lazy(() => import("./account/ForgotPasswordPage.tsx"));
const ResetPasswordPage = lazy(() => import("./account/ResetPasswordPage.tsx"));
const AdminPage = lazy(() => import("./admin/AdminPage.tsx"));
const LegalPage = lazy(() => import("./legal/LegalPage.tsx"));

/**
 * The page for the address, and under it the global player, mounted once here so a song plays on
 * while the listener moves between pages (not on the studio and the editors: they have their own).
 */
export function App() {
  const { pathname } = useLocation();
  return (
    <>
      <Page pathname={pathname} />
      {showsGlobalPlayer(pathname) && <PlayerBar />}
      <AddToPlaylistHost />
      <ClipActionModals />
      <ShareModalHost />
    </>
  );
}

function Page({ pathname }: { readonly pathname: string }) {
  const { t } = useTranslation();
  const route = matchRoute(pathname);
  switch (route.name) {
    case "home":
      return (
        <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
          <HomePage />
        </Suspense>
      );
    case "studio":
      return (
        <StudioLayout>
          <ErrorBoundary>
            <Suspense fallback={<p className="page-loading">{t("loadingEngine")}</p>}>
              <StudioPage />
            </Suspense>
          </ErrorBoundary>
        </StudioLayout>
      );
    case "create":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <CreatePage />
          </Suspense>
        </ErrorBoundary>
      );
    case "library":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <LibraryPage />
          </Suspense>
        </ErrorBoundary>
      );
    case "libraryPersonas":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <PersonasPage />
          </Suspense>
        </ErrorBoundary>
      );
    case "persona":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <PersonaPage personaId={route.personaId} />
          </Suspense>
        </ErrorBoundary>
      );
    case "search":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <SearchPage />
          </Suspense>
        </ErrorBoundary>
      );
    case "describeClip":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <DescribeClipPage />
          </Suspense>
        </ErrorBoundary>
      );
    case "song":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <SongPage clipId={route.clipId} />
          </Suspense>
        </ErrorBoundary>
      );
    case "profile":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <ProfilePage handle={route.handle} />
          </Suspense>
        </ErrorBoundary>
      );
    case "redirect":
      return <Redirect to={route.to} />;
    case "playlist":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <PlaylistPage playlistId={route.playlistId} />
          </Suspense>
        </ErrorBoundary>
      );
    case "notifications":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <NotificationsPage />
          </Suspense>
        </ErrorBoundary>
      );
    case "songRadio":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <RadioPage clipId={route.clipId} />
          </Suspense>
        </ErrorBoundary>
      );
    case "contest":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <ContestPage contestId={route.contestId} />
          </Suspense>
        </ErrorBoundary>
      );
    case "editLegacy":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <EditLegacyPage clipId={route.clipId} />
          </Suspense>
        </ErrorBoundary>
      );
    case "edit":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loadingEngine")}</p>}>
            <EditPage clipId={route.clipId} />
          </Suspense>
        </ErrorBoundary>
      );
    case "liveRadio":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <LiveRadioPage />
          </Suspense>
        </ErrorBoundary>
      );
    case "onRepeat":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <OnRepeatPage />
          </Suspense>
        </ErrorBoundary>
      );
    case "likedSongs":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <LikedSongsPage />
          </Suspense>
        </ErrorBoundary>
      );
    case "hooks":
    case "hookCreate":
    case "hook":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            {route.name === "hooks" ? (
              <HooksFeedPage />
            ) : route.name === "hookCreate" ? (
              <HookCreatePage />
            ) : (
              <HookPage hookId={route.hookId} />
            )}
          </Suspense>
        </ErrorBoundary>
      );
    case "login":
      return <LoginPage />;
    case "account":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            <AccountPage />
          </Suspense>
        </ErrorBoundary>
      );
    case "signup":
    case "forgotPassword":
    case "resetPassword":
    case "admin":
    case "legal":
      return (
        <ErrorBoundary>
          <Suspense fallback={<p className="page-loading">{t("loading")}</p>}>
            {route.name === "signup" ? (
              <SignupPage />
            ) : route.name === "forgotPassword" ? (
              <ForgotPasswordPage />
            ) : route.name === "resetPassword" ? (
              <ResetPasswordPage />
            ) : route.name === "admin" ? (
              <AdminPage />
            ) : (
              <LegalPage document={route.document} />
            )}
          </Suspense>
        </ErrorBoundary>
      );
    case "notFound":
      return <NotFoundPage />;
  }
}
