import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import type { Clip } from "../../shared/api/clips.ts";
import {
  COMMENT_MAX,
  type Comment,
  completeMention,
  mentionAtCaret,
  mentionedHandles,
} from "../../shared/api/comments.ts";
import type { ProfileSummary } from "../../shared/api/profiles.ts";
import { formatTrackTimestamp } from "../../shared/track-time.ts";
import { playheadStore } from "../player/player-store.ts";
import { showCommentError } from "./comment-errors.ts";
import { postComment, suggestHandles } from "./comments-api.ts";

interface CommentComposerProps {
  readonly clip: Clip;
  /** Set for a reply: the top-level comment it answers. */
  readonly parentId?: string;
  readonly onPosted: (comment: Comment) => void;
  readonly autoFocus?: boolean;
}

/**
 * Writes a comment or a reply: @handle completion from the people whose handles start with what is
 * typed, and "Comment at m:ss" to tie it to the player's position in this song.
 */
export function CommentComposer({ clip, parentId, onPosted, autoFocus = false }: CommentComposerProps) {
  const { t } = useTranslation("song");
  const [content, setContent] = useState("");
  const [atTime, setAtTime] = useState(false);
  const [sending, setSending] = useState(false);
  const [suggestions, setSuggestions] = useState<readonly ProfileSummary[]>([]);
  const [caret, setCaret] = useState(0);
  const field = useRef<HTMLTextAreaElement>(null);
  const position = useStore(playheadStore, (playhead) =>
    playhead.clipId === clip.id ? playhead.seconds : 0,
  );
  const typing = mentionAtCaret(content, caret);
  const prefix = typing?.prefix ?? "";

  useEffect(() => {
    if (prefix === "") {
      setSuggestions([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      suggestHandles(prefix, abort.signal)
        .then((answer) => setSuggestions(answer.profiles))
        .catch(() => setSuggestions([]));
    }, 150);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [prefix]);

  const choose = (handle: string) => {
    const done = completeMention(content, caret, handle);
    setContent(done.content);
    setCaret(done.caret);
    setSuggestions([]);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(done.caret, done.caret);
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (content.trim() === "" || sending) return;
    setSending(true);
    try {
      const comment = await postComment(clip.id, {
        content,
        parent_id: parentId ?? null,
        user_mentions: mentionedHandles(content),
        track_timestamp: atTime ? Math.round(position * 10) / 10 : null,
      });
      setContent("");
      setAtTime(false);
      onPosted(comment);
    } catch (error) {
      showCommentError(parentId ? t("composer.couldNotPostReply") : t("composer.couldNotPostComment"), error);
    } finally {
      setSending(false);
    }
  };

  const label = parentId ? t("composer.writeReply") : t("composer.writeComment");
  return (
    <form
      className="comment-composer"
      onSubmit={(event) => void submit(event)}
      data-testid="comment-composer"
    >
      <div className="comment-field">
        <textarea
          ref={field}
          aria-label={label}
          placeholder={parentId ? t("composer.replyHint") : t("composer.commentHint")}
          value={content}
          maxLength={COMMENT_MAX}
          rows={parentId ? 1 : 2}
          // biome-ignore lint/a11y/noAutofocus: a reply box opens because its Reply button was pressed
          autoFocus={autoFocus}
          onChange={(event) => {
            setContent(event.target.value);
            setCaret(event.target.selectionStart);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        />
        {suggestions.length > 0 && (
          <ul className="mention-suggestions" aria-label={t("composer.mention")}>
            {suggestions.map((profile) => (
              <li key={profile.handle}>
                <button
                  type="button"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(profile.handle)}
                >
                  @{profile.handle} <span>{profile.display_name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="comment-composer-actions">
        {parentId === undefined && (
          <label className="comment-at-time">
            <input type="checkbox" checked={atTime} onChange={(event) => setAtTime(event.target.checked)} />
            {t("composer.commentAt", { at: formatTrackTimestamp(position) })}
          </label>
        )}
        <span className="comment-length">
          {content.length}/{COMMENT_MAX}
        </span>
        <button type="submit" disabled={sending || content.trim() === ""}>
          {parentId ? t("composer.reply") : t("composer.post")}
        </button>
      </div>
    </form>
  );
}
