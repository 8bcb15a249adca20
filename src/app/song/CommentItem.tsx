import { Fragment, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import type { Comment } from "../../shared/api/comments.ts";
import { commentLink } from "../../shared/song-link.ts";
import { formatTrackTimestamp } from "../../shared/track-time.ts";
import { useLocaleFormat } from "../i18n/use-locale-format.ts";
import { playAt } from "../player/player-store.ts";
import { Link } from "../router/Link.tsx";
import { profilePath } from "../router/profile-path.ts";
import { showToast } from "../shell/toast-store.ts";
import { copyLink } from "../song-menu/clip-action-handlers.ts";
import { CommentComposer } from "./CommentComposer.tsx";
import { showCommentError } from "./comment-errors.ts";
import {
  blockUser,
  deleteComment,
  fetchReplies,
  reactToComment,
  reportComment,
  unblockUser,
} from "./comments-api.ts";

interface CommentItemProps {
  readonly clip: Clip;
  readonly comment: Comment;
  readonly signedIn: boolean;
  readonly viewerHandle: string | null;
  readonly onChange: (comment: Comment) => void;
  readonly onDeleted: (comment: Comment) => void;
  readonly onBlocked: (handle: string) => void;
  /** The comment the page's address links to: marked, and scrolled into view once. */
  readonly linked?: boolean;
}

/** A comment's text with its @handles linking to their profiles. */
function CommentText({ comment }: { readonly comment: Comment }) {
  const mentioned = new Set(comment.user_mentions.map((handle) => handle.toLowerCase()));
  const parts = comment.content.split(/(@[A-Za-z0-9_]{3,30})/);
  return (
    <p className="comment-text">
      {parts.map((part, index) =>
        part.startsWith("@") && mentioned.has(part.slice(1).toLowerCase()) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Link key={index} href={profilePath(part.slice(1))}>
            {part}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

/**
 * One comment: its author, text, place in the song (a button that plays from there), likes and
 * dislikes, and for a top-level comment its replies (pages of 10) and a reply box.
 */
export function CommentItem({
  clip,
  comment,
  signedIn,
  viewerHandle,
  onChange,
  onDeleted,
  onBlocked,
  linked = false,
}: CommentItemProps) {
  const { t } = useTranslation("song");
  const format = useLocaleFormat();
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (linked) item.current?.scrollIntoView({ block: "center" });
  }, [linked]);
  const [replies, setReplies] = useState<readonly Comment[]>([]);
  const [repliesCursor, setRepliesCursor] = useState<string | null>(null);
  const [repliesOpen, setRepliesOpen] = useState(false);
  const [replying, setReplying] = useState(false);
  const isReply = comment.parent_id !== null;
  const shownReplies = replies.length;

  const react = async (reaction: "LIKE" | "DISLIKE") => {
    if (!signedIn) {
      showToast({ kind: "info", title: t("comment.signInToReact"), durationMs: 3000 });
      return;
    }
    try {
      const answer = await reactToComment(comment.id, comment.reaction === reaction ? null : reaction);
      onChange({ ...comment, ...answer });
    } catch (error) {
      showCommentError(t("comment.couldNotReact"), error);
    }
  };

  const loadReplies = async () => {
    try {
      const page = await fetchReplies(comment.id, repliesCursor);
      setReplies((known) => [
        ...known,
        ...page.comments.filter((reply) => !known.some((k) => k.id === reply.id)),
      ]);
      setRepliesCursor(page.next_cursor);
      setRepliesOpen(true);
    } catch (error) {
      showCommentError(t("comment.couldNotLoadReplies"), error);
    }
  };

  const remove = async () => {
    try {
      await deleteComment(comment.id);
      onDeleted(comment);
    } catch (error) {
      showCommentError(t("comment.couldNotDelete"), error);
    }
  };

  const report = async () => {
    try {
      await reportComment(comment.id, "inappropriate");
      showToast({ kind: "info", title: t("comment.reported"), durationMs: 3000 });
    } catch (error) {
      showCommentError(t("comment.couldNotReport"), error);
    }
  };

  const block = async () => {
    try {
      await blockUser(comment.user.handle);
      // Unblocking is offered where the block was made; the comments come back on the next load.
      showToast({
        kind: "info",
        title: t("comment.blocked", { handle: comment.user.handle }),
        durationMs: 6000,
        action: { label: t("comment.unblock"), run: () => void unblock(comment.user.handle) },
      });
      onBlocked(comment.user.handle);
    } catch (error) {
      showCommentError(t("comment.couldNotBlock"), error);
    }
  };

  const unblock = async (handle: string) => {
    try {
      await unblockUser(handle);
      showToast({ kind: "info", title: t("comment.unblocked", { handle }), durationMs: 3000 });
    } catch (error) {
      showCommentError(t("comment.couldNotUnblock"), error);
    }
  };

  const replyChanged = (changed: Comment) =>
    setReplies((known) => known.map((reply) => (reply.id === changed.id ? changed : reply)));
  const replyDeleted = (gone: Comment) => {
    setReplies((known) => known.filter((reply) => reply.id !== gone.id));
    onChange({ ...comment, reply_count: Math.max(0, comment.reply_count - 1) });
  };
  const own = viewerHandle !== null && viewerHandle === comment.user.handle;

  return (
    <li
      ref={item}
      className={`${isReply ? "comment comment-reply" : "comment"}${linked ? " comment-linked" : ""}`}
      data-testid="comment"
      data-comment-id={comment.id}
      aria-current={linked ? "true" : undefined}
    >
      {linked && <p className="comment-linked-note">{t("comment.linked")}</p>}
      <div className="comment-head">
        <Link className="comment-author" href={profilePath(comment.user.handle)}>
          {comment.user.display_name} <span>@{comment.user.handle}</span>
        </Link>
        {comment.track_timestamp !== null && (
          <button
            type="button"
            className="comment-time"
            data-testid="comment-time"
            aria-label={t("comment.playFrom", { at: formatTrackTimestamp(comment.track_timestamp) })}
            onClick={() => playAt(clip, comment.track_timestamp ?? 0)}
          >
            {formatTrackTimestamp(comment.track_timestamp)}
          </button>
        )}
        <time dateTime={comment.created_at}>{format.date(comment.created_at)}</time>
      </div>
      <CommentText comment={comment} />
      <div className="comment-actions">
        <button
          type="button"
          aria-pressed={comment.reaction === "LIKE"}
          aria-label={t("comment.like")}
          onClick={() => void react("LIKE")}
        >
          {comment.reaction === "LIKE" ? "♥" : "♡"}{" "}
          <span data-testid="comment-likes">{comment.like_count}</span>
        </button>
        <button
          type="button"
          aria-pressed={comment.reaction === "DISLIKE"}
          aria-label={t("comment.dislike")}
          onClick={() => void react("DISLIKE")}
        >
          ▾ {comment.dislike_count}
        </button>
        {!isReply && signedIn && (
          <button type="button" onClick={() => setReplying((open) => !open)}>
            {t("comment.reply")}
          </button>
        )}
        <button
          type="button"
          onClick={() => void copyLink(commentLink(window.location.origin, clip.id, comment.id))}
        >
          {t("comment.copyLink")}
        </button>
        {comment.can_delete && (
          <button type="button" onClick={() => void remove()}>
            {t("comment.delete")}
          </button>
        )}
        {signedIn && !own && (
          <>
            <button type="button" onClick={() => void report()}>
              {t("comment.report")}
            </button>
            <button type="button" onClick={() => void block()}>
              {t("comment.block")}
            </button>
          </>
        )}
      </div>
      {!isReply && (
        <>
          {replying && (
            <CommentComposer
              clip={clip}
              parentId={comment.id}
              autoFocus
              onPosted={(reply) => {
                setReplies((known) => [...known, reply]);
                setRepliesOpen(true);
                setReplying(false);
                onChange({ ...comment, reply_count: comment.reply_count + 1 });
              }}
            />
          )}
          {repliesOpen && shownReplies > 0 && (
            <ul className="comment-replies">
              {replies.map((reply) => (
                <CommentItem
                  key={reply.id}
                  clip={clip}
                  comment={reply}
                  signedIn={signedIn}
                  viewerHandle={viewerHandle}
                  onChange={replyChanged}
                  onDeleted={replyDeleted}
                  onBlocked={onBlocked}
                />
              ))}
            </ul>
          )}
          {comment.reply_count > shownReplies && (repliesCursor !== null || !repliesOpen) && (
            <button type="button" className="comment-more-replies" onClick={() => void loadReplies()}>
              {repliesOpen ? t("comment.moreReplies") : t("comment.replies", { count: comment.reply_count })}
            </button>
          )}
        </>
      )}
    </li>
  );
}
