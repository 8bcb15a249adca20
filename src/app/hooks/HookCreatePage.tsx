import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import type { VideoUpload } from "../../shared/api/video-uploads.ts";
import { HOOK_MAX_VIDEO_S, hookFormProblem, hookVolumes } from "../../shared/hooks/hook-rules.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { useSignedIn } from "../account/use-signed-in.ts";
import { navigate } from "../router/history-router.ts";
import { Link } from "../router/Link.tsx";
import { useLocation } from "../router/use-location.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { showToast } from "../shell/toast-store.ts";
import { type HookDetails, HookDetailsFields } from "./HookDetailsFields.tsx";
import { outcomeMessage, submitHook } from "./hook-submit.ts";
import { fetchOwnSongs, fetchSong } from "./hooks-api.ts";
import { SongRangePicker } from "./SongRangePicker.tsx";
import { type ThumbnailChoice, ThumbnailPicker } from "./ThumbnailPicker.tsx";
import { VideoPicker } from "./VideoPicker.tsx";
import { VideoRangeFields } from "./VideoRangeFields.tsx";
import "./hooks.css";

const TOAST_MS = 5000;
const HOOKS_FLAG = "web-hooks-2025";

/**
 * /hooks/create?clip={clipId}: pick a song (the clip of the address when given), upload a video,
 * choose the video's range and the song's part under it, write a title and caption, then post: the
 * hook renders on the server while the page polls it, and the person lands on its page.
 */
export default function HookCreatePage() {
  const { t } = useTranslation("hooks");
  const { search } = useLocation();
  const session = useSignedIn();
  const signedIn = session?.user != null;
  // Hooks are behind a flag while they roll out: without it the form is shown, but not usable.
  const allowed = session?.flags[HOOKS_FLAG] === true;
  const wantedClip = useMemo(() => new URLSearchParams(search).get("clip"), [search]);
  const [songs, setSongs] = useState<readonly Clip[] | null>(null);
  const [songId, setSongId] = useState<string | null>(wantedClip);
  const [video, setVideo] = useState<VideoUpload | null>(null);
  const [videoFile, setVideoFile] = useState<File | null>(null);
  const [thumbnail, setThumbnail] = useState<ThumbnailChoice>({ kind: "frame", timeS: null });
  const [videoRange, setVideoRange] = useState({ startS: 0, endS: 0 });
  const [songStartS, setSongStartS] = useState(0);
  const [details, setDetails] = useState<HookDetails>({
    title: "",
    caption: "",
    allowComments: true,
    showLyrics: false,
    videoSound: false,
  });
  const [rendering, setRendering] = useState(false);
  const [tried, setTried] = useState(false);
  const loadedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!signedIn || loadedFor.current === wantedClip) return;
    loadedFor.current = wantedClip;
    const abort = new AbortController();
    Promise.all([
      fetchOwnSongs(abort.signal),
      wantedClip ? fetchSong(wantedClip, abort.signal).catch(() => null) : null,
    ])
      .then(([own, wanted]) => {
        const usable = wanted && wanted.status === "complete" && !own.some((clip) => clip.id === wanted.id);
        setSongs(usable ? [wanted, ...own] : own);
        if (wantedClip && !usable && !own.some((clip) => clip.id === wantedClip)) setSongId(null);
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) console.warn("Could not load the songs", error);
        setSongs([]);
      });
  }, [signedIn, wantedClip]);

  const song = songs?.find((clip) => clip.id === songId) ?? null;
  const lengthS = Math.max(0, videoRange.endS - videoRange.startS);
  const volumes = hookVolumes(details.videoSound);
  const thumbnailTimeS = thumbnail.kind === "frame" ? thumbnail.timeS : null;
  const problem =
    hookFormProblem({
      videoDurationS: video?.duration ?? null,
      songDurationS: song ? (song.metadata.duration ?? null) : null,
      videoRange,
      audioRange: { startS: songStartS, endS: songStartS + lengthS },
      ...volumes,
      thumbnailTimeS,
    }) ??
    (thumbnail.kind === "image" && thumbnail.imageId === null
      ? { title: t("thumbnailImageMissing"), message: t("thumbnailImageMissing") }
      : null);

  const videoReady = (upload: VideoUpload | null, file: File | null) => {
    setVideo(upload);
    setVideoFile(file);
    setThumbnail((current) => (current.kind === "frame" ? { kind: "frame", timeS: null } : current));
    // The end fields step by a tenth of a second: an end off that step (11.033 s) would make the
    // browser refuse to send the form, so the default end is the last tenth inside the video.
    const duration = Math.floor((upload?.duration ?? 0) * 10) / 10;
    setVideoRange({ startS: 0, endS: Math.min(duration, HOOK_MAX_VIDEO_S) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problem || !song || !video) return;
    setRendering(true);
    void submitHook({
      clip_id: song.id,
      hook_publish: {
        title: details.title,
        caption: details.caption,
        allow_comments: details.allowComments,
        show_lyrics: details.showLyrics,
        custom_thumbnail_s3_id: thumbnail.kind === "image" ? thumbnail.imageId : null,
        thumbnail_time_s: thumbnailTimeS,
      },
      video_render: {
        song: {
          song_id: song.id,
          clip_start_time: songStartS,
          clip_end_time: songStartS + lengthS,
          volume: volumes.songVolume,
        },
        videos: [
          {
            upload_id: video.id,
            source_start_time: videoRange.startS,
            source_end_time: videoRange.endS,
            volume: volumes.videoVolume,
          },
        ],
      },
    }).then((outcome) => {
      const good = outcome.kind === "posted";
      showToast({ kind: good ? "success" : "error", title: outcomeMessage(outcome), durationMs: TOAST_MS });
      if (outcome.kind === "refused") setRendering(false);
      else navigate(`/hook/${outcome.hookId}`);
    });
  };

  if (session && !signedIn)
    return (
      <div className="page hooks-page">
        <PageHeader />
        <main className="hook-create">
          <h1>{t("createTitle")}</h1>
          <Link href={`/login?next=${encodeURIComponent(`/hooks/create${search}`)}`}>
            {t("signInToCreate")}
          </Link>
        </main>
      </div>
    );

  return (
    <div className="page hooks-page">
      <PageHeader />
      <main className="hook-create" data-testid="hook-create">
        <h1>{t("createTitle")}</h1>
        {session && !allowed && (
          <p className="hook-notice" role="status" data-testid="hooks-not-available">
            {t("notAvailable")}
          </p>
        )}
        <form onSubmit={submit} aria-busy={rendering}>
          <fieldset disabled={rendering || !allowed}>
            <section className="hook-step">
              <h2>{t("stepSong")}</h2>
              {songs === null ? (
                <p role="status">{t("loadingSongs")}</p>
              ) : songs.length === 0 ? (
                <p className="hooks-empty-line">
                  {t("noSongs")} <Link href="/create">{t("makeSong")}</Link>
                </p>
              ) : (
                <label className="hook-field">
                  <span>{t("song")}</span>
                  <select
                    value={songId ?? ""}
                    data-testid="hook-song"
                    onChange={(event) => {
                      setSongId(event.target.value || null);
                      setSongStartS(0);
                    }}
                  >
                    <option value="">{t("chooseSong")}</option>
                    {songs.map((clip) => (
                      <option key={clip.id} value={clip.id}>
                        {clip.title || t("untitled")}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </section>
            <section className="hook-step">
              <h2>{t("stepVideo")}</h2>
              <VideoPicker video={video} onVideo={videoReady} />
              {video && (
                <VideoRangeFields
                  durationS={video.duration ?? 0}
                  range={videoRange}
                  onRange={setVideoRange}
                />
              )}
            </section>
            {song && video && (
              <section className="hook-step">
                <h2>{t("stepSection")}</h2>
                <SongRangePicker song={song} startS={songStartS} lengthS={lengthS} onStart={setSongStartS} />
              </section>
            )}
            <section className="hook-step">
              <h2>{t("stepDetails")}</h2>
              <HookDetailsFields details={details} onChange={setDetails} />
            </section>
            {video && (
              <section className="hook-step">
                <h2>{t("stepThumbnail")}</h2>
                <ThumbnailPicker
                  videoFile={videoFile}
                  range={videoRange}
                  choice={thumbnail}
                  onChoice={setThumbnail}
                />
              </section>
            )}
            {tried && problem && (
              <div className="hook-problem error" role="alert" data-testid="hook-problem">
                <strong>{problem.title}</strong>
                {problem.message !== problem.title && <span> {problem.message}</span>}
              </div>
            )}
            <button type="submit" className="hook-submit" data-testid="hook-submit">
              {t("postHook")}
            </button>
          </fieldset>
        </form>
        {rendering && (
          <div className="hook-rendering" role="status" data-testid="hook-rendering">
            <progress aria-label={t("rendering")} />
            <span>{t("rendering")}</span>
          </div>
        )}
      </main>
      <Toasts />
    </div>
  );
}
