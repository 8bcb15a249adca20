import type { ReactNode } from "react";
import { moderationViewSchema } from "../../shared/api/admin.ts";
import { apiSend } from "../account/api-request.ts";
import { runAction } from "../pages/account-page/run-action.ts";
import { Link } from "../router/Link.tsx";
import { useAdminData } from "./use-admin-data.ts";

type Settle = "dismiss" | "remove";

/** One reported thing: what it is, its reports, and the two ways to settle it. */
function ReportItem(props: {
  readonly testId: string;
  readonly reports: { readonly reports: number; readonly reasons: readonly string[] };
  readonly removeLabel: string;
  readonly settle: (action: Settle) => void;
  readonly children: ReactNode;
}) {
  const { reports, reasons } = props.reports;
  return (
    <li className="panel admin-report" data-testid={props.testId}>
      <div>
        {props.children} · {reports} report{reports === 1 ? "" : "s"} ({reasons.join(", ")})
      </div>
      <div className="admin-controls">
        <button type="button" className="secondary-button" onClick={() => props.settle("dismiss")}>
          Dismiss
        </button>
        <button type="button" className="danger-button" onClick={() => props.settle("remove")}>
          {props.removeLabel}
        </button>
      </div>
    </li>
  );
}

/** Reported songs and comments, most reported first, each settled with one action. */
export function ModerationPanel() {
  const { data, failure, reload } = useAdminData("/api/admin/moderation", moderationViewSchema);
  const settle = async (what: string, path: string, body: object) => {
    if (await runAction(what, () => apiSend(path, { method: "POST", body }))) await reload();
  };
  const settleSong = (clipId: string, action: Settle) =>
    settle(action === "dismiss" ? "Reports dismissed" : "Song unpublished", "/api/admin/moderation/songs", {
      clip_id: clipId,
      action: action === "dismiss" ? "dismiss" : "unpublish",
    });
  const settleComment = (commentId: string, action: Settle) =>
    settle(action === "dismiss" ? "Reports dismissed" : "Comment deleted", "/api/admin/moderation/comments", {
      comment_id: commentId,
      action: action === "dismiss" ? "dismiss" : "delete",
    });
  if (failure) return <p className="error">{failure}</p>;
  if (!data) return <p className="page-loading">Loading...</p>;
  return (
    <section aria-label="Moderation">
      <h2>Reported songs</h2>
      {data.songs.length === 0 ? (
        <p className="account-note">No reported songs.</p>
      ) : (
        <ul className="admin-list">
          {data.songs.map((song) => (
            <ReportItem
              key={song.clip_id}
              testId="reported-song"
              reports={song}
              removeLabel="Unpublish"
              settle={(action) => void settleSong(song.clip_id, action)}
            >
              <Link href={`/song/${song.clip_id}`}>{song.title || "Untitled"}</Link> by @{song.owner_handle}
              {!song.is_public && " · private"}
            </ReportItem>
          ))}
        </ul>
      )}
      <h2>Reported comments</h2>
      {data.comments.length === 0 ? (
        <p className="account-note">No reported comments.</p>
      ) : (
        <ul className="admin-list">
          {data.comments.map((comment) => (
            <ReportItem
              key={comment.comment_id}
              testId="reported-comment"
              reports={comment}
              removeLabel="Delete"
              settle={(action) => void settleComment(comment.comment_id, action)}
            >
              “{comment.content}” by @{comment.author_handle} on{" "}
              <Link href={`/song/${comment.clip_id}`}>the song</Link>
            </ReportItem>
          ))}
        </ul>
      )}
    </section>
  );
}
