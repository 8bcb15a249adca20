import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { HookComment } from "../../shared/api/hook-social.ts";
import type { Hook } from "../../shared/api/hooks.ts";
import { useSignedIn } from "../account/use-signed-in.ts";
import { Link } from "../router/Link.tsx";
import { profilePath } from "../router/profile-path.ts";
import { fetchHookComments, sendHookComment } from "./hooks-api.ts";

/** A hook's comments, newest first, a page at a time, and a box to write one when signed in. */
export function HookComments({ hook }: { readonly hook: Hook }) {
  const { t } = useTranslation("hooks");
  const signedIn = useSignedIn()?.user != null;
  const [comments, setComments] = useState<readonly HookComment[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<"loading" | "idle" | "failed">("loading");
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const load = (from: string | null, signal?: AbortSignal) => {
    setState("loading");
    fetchHookComments(hook.id, from, signal)
      .then((page) => {
        setComments((current) => (from === null ? page.comments : [...current, ...page.comments]));
        setCursor(page.next_cursor);
        setState("idle");
      })
      .catch((error: unknown) => {
        if (signal?.aborted) return;
        console.warn("Could not load the hook's comments", error);
        setState("failed");
      });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page loads once per hook.
  useEffect(() => {
    const abort = new AbortController();
    load(null, abort.signal);
    return () => abort.abort();
  }, [hook.id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending || draft.trim() === "") return;
    setSending(true);
    setProblem(null);
    sendHookComment(hook.id, draft)
      .then((comment) => {
        setComments((current) => [comment, ...current]);
        setDraft("");
      })
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : t("commentFailed")))
      .finally(() => setSending(false));
  };

  return (
    <section id="comments" className="hook-comments" aria-labelledby="hook-comments-title">
      <h2 id="hook-comments-title">{t("commentsTitle")}</h2>
      {!hook.allow_comments && <p className="hook-comments-off">{t("commentsOff")}</p>}
      {hook.allow_comments && signedIn && (
        <form className="hook-comment-form" onSubmit={submit}>
          <label htmlFor="hook-comment-text">{t("writeComment")}</label>
          <textarea
            id="hook-comment-text"
            value={draft}
            maxLength={1000}
            rows={2}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" disabled={sending || draft.trim() === ""}>
            {t("postComment")}
          </button>
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
      {hook.allow_comments && !signedIn && (
        <p>
          <Link href={`/login?next=${encodeURIComponent(`/hook/${hook.id}`)}`}>{t("signInToComment")}</Link>
        </p>
      )}
      {state === "idle" && comments.length === 0 && hook.allow_comments && (
        <p className="hook-comments-empty">{t("noComments")}</p>
      )}
      <ul className="hook-comment-list" data-testid="hook-comments">
        {comments.map((comment) => (
          <li key={comment.id} className={comment.parent_id ? "hook-comment reply" : "hook-comment"}>
            <Link className="hook-comment-author" href={profilePath(comment.user.handle)}>
              @{comment.user.handle}
            </Link>
            <p>{comment.content}</p>
          </li>
        ))}
      </ul>
      {state === "loading" && <p role="status">{t("loadingComments")}</p>}
      {state === "failed" && (
        <p className="error" role="alert">
          {t("commentsFailed")}
        </p>
      )}
      {state === "idle" && cursor !== null && (
        <button type="button" onClick={() => load(cursor)}>
          {t("moreComments")}
        </button>
      )}
    </section>
  );
}
