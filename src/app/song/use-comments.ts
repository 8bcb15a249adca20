import { useCallback, useEffect, useState } from "react";
import type { Comment, CommentOrder } from "../../shared/api/comments.ts";
import { showCommentError } from "./comment-errors.ts";
import { fetchCommentCount, fetchComments } from "./comments-api.ts";

export interface CommentsState {
  readonly order: CommentOrder;
  readonly comments: readonly Comment[];
  readonly nextCursor: string | null;
  readonly count: number;
  readonly loading: boolean;
  readonly failed: boolean;
}

/**
 * A song's top-level comments as the page shows them: the first page in the chosen order, more on
 * request (cursor pages, which new comments never shift), the count, and local changes (a comment
 * posted, changed, deleted; a blocked author's comments hidden).
 */
export function useComments(clipId: string) {
  const [state, setState] = useState<CommentsState>({
    order: "newest",
    comments: [],
    nextCursor: null,
    count: 0,
    loading: true,
    failed: false,
  });
  const order = state.order;

  useEffect(() => {
    const abort = new AbortController();
    setState((current) => ({ ...current, comments: [], nextCursor: null, loading: true, failed: false }));
    Promise.all([fetchComments(clipId, order, null, abort.signal), fetchCommentCount(clipId, abort.signal)])
      .then(([page, { count }]) =>
        setState((current) => ({
          ...current,
          comments: page.comments,
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
  }, [clipId, order]);

  const loadMore = useCallback(async () => {
    if (state.nextCursor === null) return;
    try {
      const page = await fetchComments(clipId, order, state.nextCursor);
      setState((current) => ({
        ...current,
        comments: [
          ...current.comments,
          ...page.comments.filter((c) => !current.comments.some((k) => k.id === c.id)),
        ],
        nextCursor: page.next_cursor,
      }));
    } catch (error) {
      showCommentError("Could not load more comments", error);
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
      })),
    deleted: (comment: Comment) =>
      setState((current) => ({
        ...current,
        comments: current.comments.filter((known) => known.id !== comment.id),
        count: Math.max(0, current.count - 1 - comment.reply_count),
      })),
    blocked: (handle: string) =>
      setState((current) => ({
        ...current,
        comments: current.comments.filter((known) => known.user.handle !== handle),
      })),
  };
}

export type CommentsModel = ReturnType<typeof useComments>;
