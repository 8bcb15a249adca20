import { moderationViewSchema } from "../../shared/api/admin.ts";
import { apiSend } from "../account/api-request.ts";
import { runAction } from "../pages/account-page/run-action.ts";
import { Link } from "../router/Link.tsx";
import { useAdminData } from "./use-admin-data.ts";

/** Reported songs and comments, most reported first, each settled with one action. */
export function ModerationPanel() {
  const { data, failure, reload } = useAdminData("/api/admin/moderation", moderationViewSchema);
  const settle = async (what: string, path: string, body: object) => {
    if (await runAction(what, () => apiSend(path, { method: "POST", body }))) await reload();
  };
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
            <li
              key={song.clip_id}
              className="panel admin-report"
              data-testid="reported-song"
              aria-label={song.title}
            >
              <div>
                <Link href={`/song/${song.clip_id}`}>{song.title || "Untitled"}</Link> by @{song.owner_handle}{" "}
                · {song.reports} report{song.reports === 1 ? "" : "s"} ({song.reasons.join(", ")})
                {!song.is_public && " · private"}
              </div>
              <div className="admin-controls">
                <button
                  type="button"
                  onClick={() =>
                    void settle("Reports dismissed", "/api/admin/moderation/songs", {
                      clip_id: song.clip_id,
                      action: "dismiss",
                    })
                  }
                >
                  Dismiss
                </button>
                <button
                  type="button"
                  className="danger-button"
                  onClick={() =>
                    void settle("Song unpublished", "/api/admin/moderation/songs", {
                      clip_id: song.clip_id,
                      action: "unpublish",
                    })
                  }
                >
                  Unpublish
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h2>Reported comments</h2>
      {data.comments.length === 0 ? (
        <p className="account-note">No reported comments.</p>
      ) : (
        <ul className="admin-list">
          {data.comments.map((comment) => (
            <li key={comment.comment_id} className="panel admin-report" data-testid="reported-comment">
              <div>
                “{comment.content}” by @{comment.author_handle} on{" "}
                <Link href={`/song/${comment.clip_id}`}>the song</Link> · {comment.reports} report
                {comment.reports === 1 ? "" : "s"} ({comment.reasons.join(", ")})
              </div>
              <div className="admin-controls">
                <button
                  type="button"
                  onClick={() =>
                    void settle("Reports dismissed", "/api/admin/moderation/comments", {
                      comment_id: comment.comment_id,
                      action: "dismiss",
                    })
                  }
                >
                  Dismiss
                </button>
                <button
                  type="button"
                  className="danger-button"
                  onClick={() =>
                    void settle("Comment deleted", "/api/admin/moderation/comments", {
                      comment_id: comment.comment_id,
                      action: "delete",
                    })
                  }
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
