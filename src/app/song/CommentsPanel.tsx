import { Trans, useTranslation } from "react-i18next";
import type { Clip } from "../../shared/api/clips.ts";
import { COMMENT_ORDERS, type CommentOrder } from "../../shared/api/comments.ts";
import { songPath } from "../../shared/song-link.ts";
import { loginPathFor } from "../account/safe-next.ts";
import { Link } from "../router/Link.tsx";
import { CommentComposer } from "./CommentComposer.tsx";
import { CommentItem } from "./CommentItem.tsx";
import type { CommentsModel } from "./use-comments.ts";

/** Each order's key in the song texts. */
const ORDER_KEYS: Record<CommentOrder, string> = {
  newest: "comments.newest",
  oldest: "comments.oldest",
  most_liked: "comments.mostLiked",
};

interface CommentsPanelProps {
  readonly clip: Clip;
  readonly model: CommentsModel;
  readonly viewerHandle: string | null;
}

/** The song page's comments: the order, the composer (or why there is none), the list and more. */
export function CommentsPanel({ clip, model, viewerHandle }: CommentsPanelProps) {
  const { t } = useTranslation("song");
  const { state } = model;
  const signedIn = viewerHandle !== null;
  return (
    <section className="song-comments" data-testid="song-comments" aria-labelledby="song-comments-title">
      <div className="song-comments-head">
        <h2 id="song-comments-title">
          {t("comments.title")}{" "}
          <span className="comment-count" data-testid="comment-count">
            {state.count}
          </span>
        </h2>
        <label>
          {t("comments.sort")}{" "}
          <select
            value={state.order}
            onChange={(event) => model.setOrder(event.target.value as CommentOrder)}
          >
            {COMMENT_ORDERS.map((order) => (
              <option key={order} value={order}>
                {t(ORDER_KEYS[order])}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!clip.allow_comments ? (
        <p className="create-empty" data-testid="comments-off">
          {t("comments.off")}
        </p>
      ) : signedIn ? (
        <CommentComposer clip={clip} onPosted={model.added} />
      ) : (
        <p className="create-empty">
          <Trans
            t={t}
            i18nKey="comments.signInToComment"
            components={{ signIn: <Link href={loginPathFor(songPath(clip.id))} /> }}
          />
        </p>
      )}
      {state.loading && <p className="page-loading">{t("comments.loading")}</p>}
      {state.failed && (
        <p className="error" role="alert">
          {t("comments.failed")}
        </p>
      )}
      {!state.loading &&
        !state.failed &&
        state.comments.length === 0 &&
        state.linked === null &&
        clip.allow_comments && (
          <p className="create-empty" data-testid="comments-empty">
            {t("comments.empty")}
          </p>
        )}
      <ul className="comment-list">
        {state.linked !== null && (
          <CommentItem
            key={`linked-${state.linked.id}`}
            clip={clip}
            comment={state.linked}
            signedIn={signedIn}
            viewerHandle={viewerHandle}
            onChange={model.changed}
            onDeleted={model.deleted}
            onBlocked={model.blocked}
            linked
          />
        )}
        {state.comments.map((comment) => (
          <CommentItem
            key={comment.id}
            clip={clip}
            comment={comment}
            signedIn={signedIn}
            viewerHandle={viewerHandle}
            onChange={model.changed}
            onDeleted={model.deleted}
            onBlocked={model.blocked}
          />
        ))}
      </ul>
      {state.nextCursor !== null && (
        <button type="button" className="secondary" onClick={() => void model.loadMore()}>
          {t("comments.more")}
        </button>
      )}
    </section>
  );
}
