// A hook's like as the page shows it: changed at once when pressed, put back when the server
// refuses, and set to the server's answer when it comes.

import { useState } from "react";
import type { Hook } from "../../shared/api/hooks.ts";
import { showToast } from "../shell/toast-store.ts";
import { sendHookLike } from "./hooks-api.ts";

export interface LikeState {
  readonly liked: boolean;
  readonly count: number;
}

/** The state after pressing like: the other way round, the count one more or one less (never below 0). */
export const toggledLike = (state: LikeState): LikeState => ({
  liked: !state.liked,
  count: Math.max(0, state.count + (state.liked ? -1 : 1)),
});

/** The hook's like with an optimistic toggle; a refusal rolls back and says why. */
export function useHookLike(hook: Hook, failedTitle: string) {
  const [state, setState] = useState<LikeState>({ liked: hook.is_liked, count: hook.like_count });
  const [sending, setSending] = useState(false);
  const toggle = () => {
    if (sending) return;
    const before = state;
    const after = toggledLike(before);
    setState(after);
    setSending(true);
    sendHookLike(hook.id, after.liked)
      .then((answer) => setState({ liked: answer.is_liked, count: answer.like_count }))
      .catch((error: unknown) => {
        setState(before);
        showToast({
          kind: "error",
          title: failedTitle,
          description: error instanceof Error ? error.message : undefined,
          durationMs: 5000,
        });
      })
      .finally(() => setSending(false));
  };
  return { ...state, toggle };
}
