import { useCallback, useEffect, useState } from "react";
import type { Comment, CommentOrder } from "../../shared/api/comments.ts";
import { i18n } from "../i18n/i18n.ts";
import { showCommentError } from "./comment-errors.ts";
import { fetchCommentCount, fetchComments } from "./comments-api.ts";

export interface CommentsState {
  readonly order: CommentOrder;
  readonly comments: readonly Comment[];
  /** The comment the address linked to (?deeplink=), shown first; null when none or not found. */
  readonly linked: Comment | null;
  readonly nextCursor: string | null;
  readonly count: number;
  readonly loading: boolean;
  readonly failed: boolean;
}

/**
 * A song's top-level comments as the page shows them: the first page in the chosen order, more on
 * request (cursor pages, which new comments never shift), the count, and local changes (a comment
 * posted, changed, deleted; a blocked author's comments hidden). A linked comment (`deeplink`) is
 * asked for with the first page and kept apart, first, out of the pages' list.
 */
export function useComments(clipId: string, deeplink: string | null = null) {
  const [state, setState] = useState<CommentsState>({
    order: "newest",
    comments: [],
    linked: null,
    nextCursor: null,
    count: 0,
    loading: true,
    failed: false,
  });
  const order = state.order;

  useEffect(() => {
    const abort = new AbortController();
    setState((current) => ({ ...current, comments: [], nextCursor: null, loading: true, failed: false }));
    Promise.all([
      fetchComments(clipId, order, null, abort.signal, deeplink),
      fetchCommentCount(clipId, abort.signal),
    ])
      .then(([page, { count }]) =>
        setState((current) => ({
          ...current,
          linked: page.deeplinked_comment ?? null,
          comments: page.comments.filter((c) => c.id !== page.deeplinked_comment?.id),
          nextCursor: page.next_cursor,
          count,
          loading: false,
        })),
      )
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        console.warn("Could not load the comments", error);
        setState((current) => ({ ...current, loading: false, failed: true }));
      });
    return () => abort.abort();
  }, [clipId, order, deeplink]);

  const loadMore = useCallback(async () => {
    if (state.nextCursor === null) return;
    try {
      const page = await fetchComments(clipId, order, state.nextCursor);
      setState((current) => ({
        ...current,
        comments: [
          ...current.comments,
          ...page.comments.filter(
            (c) => c.id !== current.linked?.id && !current.comments.some((k) => k.id === c.id),
          ),
        ],
        nextCursor: page.next_cursor,
      }));
    } catch (error) {
      showCommentError(i18n.t("song:comments.couldNotLoadMore"), error);
    }
  }, [clipId, order, state.nextCursor]);

  return {
    state,
    setOrder: (next: CommentOrder) => setState((current) => ({ ...current, order: next })),
    loadMore,
    added: (comment: Comment) =>
      setState((current) => ({
        ...current,
        comments: [comment, ...current.comments],
        count: current.count + 1,
      })),
    changed: (comment: Comment) =>
      setState((current) => ({
        ...current,
        comments: current.comments.map((known) => (known.id === comment.id ? comment : known)),
        linked: current.linked?.id === comment.id ? comment : current.linked,
      })),
    deleted: (comment: Comment) =>
      setState((current) => ({
        ...current,
        comments: current.comments.filter((known) => known.id !== comment.id),
        linked: current.linked?.id === comment.id ? null : current.linked,
        count: Math.max(0, current.count - 1 - comment.reply_count),
      })),
    blocked: (handle: string) =>
      setState((current) => ({
        ...current,
        comments: current.comments.filter((known) => known.user.handle !== handle),
        linked: current.linked?.user.handle === handle ? null : current.linked,
      })),
  };
}

export type CommentsModel = ReturnType<typeof useComments>;
