import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Hook } from "../../shared/api/hooks.ts";
import { Link } from "../router/Link.tsx";
import { profilePath } from "../router/profile-path.ts";
import { showToast } from "../shell/toast-store.ts";
import { useHookLike } from "./hook-like.ts";

/**
 * Share copies the hook's link; a browser without a clipboard (or one that refuses) shows the link
 * in an alert to copy by hand.
 */
async function shareHook(hookId: string, copied: string, unsupported: (link: string) => string) {
  const link = new URL(`/hook/${hookId}`, window.location.origin).toString();
  try {
    if (!navigator.clipboard) throw new Error("No clipboard in this browser");
    await navigator.clipboard.writeText(link);
    showToast({ kind: "info", title: copied, durationMs: 3000 });
  } catch (error) {
    console.warn("Could not copy the hook's link", error);
    window.alert(unsupported(link));
  }
}

/** A hook plays when at least this share of it is on screen, and pauses when less is. */
const VISIBLE_SHARE = 0.6;

/**
 * One hook: its video (or its cover picture while it has none) playing while it is on screen, muted
 * until a tap; its title, caption and author; its song's link; its like (optimistic) and comment
 * counts. `preload` says how much of the video to fetch before it plays: the feed asks the whole of
 * the next one, so scrolling to it starts at once, and only the first frames of the rest.
 */
export function HookCard({
  hook,
  linkToPage = true,
  preload = "metadata",
  onShown,
}: {
  readonly hook: Hook;
  readonly linkToPage?: boolean;
  readonly preload?: "auto" | "metadata";
  /** Called when the card comes on screen and starts playing. */
  readonly onShown?: () => void;
}) {
  const { t } = useTranslation("hooks");
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(false);
  const like = useHookLike(hook, t("likeFailed"));
  // The latest callback, read by the observer made once.
  const shown = useRef(onShown);
  shown.current = onShown;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && entry.intersectionRatio >= VISIBLE_SHARE) {
          void element.play().catch(() => {});
          shown.current?.();
        } else element.pause();
      },
      { threshold: [0, VISIBLE_SHARE, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const tap = () => {
    const element = video.current;
    if (!element) return;
    if (muted) {
      setMuted(false);
      void element.play().catch(() => {});
    } else if (element.paused) void element.play().catch(() => {});
    else element.pause();
  };

  return (
    <article
      className="hook-card"
      data-testid="hook-card"
      data-hook-id={hook.id}
      aria-label={hook.title || hook.clip_title}
    >
      <div className="hook-media">
        {hook.video_url ? (
          <video
            ref={video}
            src={hook.video_url}
            poster={hook.thumbnail_url ?? undefined}
            muted={muted}
            loop
            playsInline
            preload={preload}
            data-testid="hook-video"
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
          />
        ) : (
          <div className="hook-no-video">{t("notRenderedYet")}</div>
        )}
        {hook.video_url && (
          <button
            type="button"
            className="hook-tap"
            aria-label={muted ? t("unmute") : playing ? t("pause") : t("play")}
            data-testid="hook-tap"
            onClick={tap}
          >
            {(muted || !playing) && (
              <span className="hook-tap-label" aria-hidden="true">
                {muted ? t("tapForSound") : t("paused")}
              </span>
            )}
          </button>
        )}
      </div>
      <div className="hook-facts">
        <h2 className="hook-title">
          {linkToPage ? (
            <Link href={`/hook/${hook.id}`}>{hook.title || hook.clip_title}</Link>
          ) : (
            hook.title || hook.clip_title
          )}
        </h2>
        <p className="hook-author">
          <Link href={profilePath(hook.handle)}>@{hook.handle}</Link>
        </p>
        {hook.caption && <p className="hook-caption">{hook.caption}</p>}
        {hook.clip_url && (
          <p className="hook-song">
            ♪ <Link href={hook.clip_url}>{hook.clip_title}</Link>
          </p>
        )}
        <div className="hook-actions">
          <button
            type="button"
            className={like.liked ? "hook-like liked" : "hook-like"}
            aria-pressed={like.liked}
            aria-label={like.liked ? t("unlike") : t("like")}
            data-testid="hook-like"
            onClick={like.toggle}
          >
            <span aria-hidden="true">{like.liked ? "♥" : "♡"}</span>{" "}
            <span data-testid="hook-like-count">{like.count}</span>
          </button>
          <Link
            className="hook-comments-link"
            href={`/hook/${hook.id}#comments`}
            data-testid="hook-comment-count"
          >
            {t("comments", { count: hook.comment_count })}
          </Link>
          <button
            type="button"
            className="hook-share"
            data-testid="hook-share"
            onClick={() =>
              void shareHook(hook.id, t("linkCopied"), (link) => t("clipboardUnsupported", { link }))
            }
          >
            {t("share")}
          </button>
        </div>
      </div>
    </article>
  );
}
