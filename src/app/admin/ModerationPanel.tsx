import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { type HookInReview, moderationViewSchema } from "../../shared/api/admin.ts";
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
  const { t } = useTranslation("admin");
  const { reports, reasons } = props.reports;
  return (
    <li className="panel admin-report" data-testid={props.testId}>
      <div>
        {props.children} · {t("moderation.reports", { count: reports, reasons: reasons.join(", ") })}
      </div>
      <div className="admin-controls">
        <button type="button" className="secondary-button" onClick={() => props.settle("dismiss")}>
          {t("moderation.dismiss")}
        </button>
        <button type="button" className="danger-button" onClick={() => props.settle("remove")}>
          {props.removeLabel}
        </button>
      </div>
    </li>
  );
}

/** A rendered hook awaiting a staff verdict: its video, what automatic moderation found, Pass and Fail. */
function HookReviewItem(props: {
  readonly hook: HookInReview;
  readonly review: (action: "pass" | "fail") => void;
}) {
  const { t } = useTranslation("admin");
  const { hook } = props;
  const refused = hook.status === "rendered_failed_moderation";
  return (
    <li className="panel admin-report admin-hook" data-testid="hook-in-review">
      {/* biome-ignore lint/a11y/useMediaCaption: a hook has its lyrics burnt in, no caption track */}
      <video
        className="admin-hook-video"
        src={`/api/video/hooks/${hook.hook_id}/video.mp4`}
        poster={`/api/video/hooks/${hook.hook_id}/thumbnail.jpg`}
        controls
        preload="none"
      />
      <div>
        <Trans
          t={t}
          i18nKey="moderation.hookBy"
          values={{ title: hook.title || t("moderation.untitledHook"), handle: hook.owner_handle }}
          components={{ song: <Link href={`/song/${hook.clip_id}`} /> }}
        />{" "}
        ·{" "}
        {refused
          ? t("moderation.refused", { note: hook.moderation_note ?? t("moderation.automaticChecks") })
          : t("moderation.posted")}
      </div>
      <div className="admin-controls">
        <button type="button" className="secondary-button" onClick={() => props.review("pass")}>
          {t("moderation.pass")}
        </button>
        <button type="button" className="danger-button" onClick={() => props.review("fail")}>
          {t("moderation.fail")}
        </button>
      </div>
    </li>
  );
}

/** Reported songs and comments, most reported first, each settled with one action; hooks to review. */
export function ModerationPanel() {
  const { t } = useTranslation("admin");
  const { data, failure, reload } = useAdminData("/api/admin/moderation", moderationViewSchema);
  const settle = async (what: string, path: string, body: object) => {
    if (await runAction(what, () => apiSend(path, { method: "POST", body }))) await reload();
  };
  const settleSong = (clipId: string, action: Settle) =>
    settle(
      t(action === "dismiss" ? "moderation.reportsDismissed" : "moderation.songUnpublished"),
      "/api/admin/moderation/songs",
      {
        clip_id: clipId,
        action: action === "dismiss" ? "dismiss" : "unpublish",
      },
    );
  const settleComment = (commentId: string, action: Settle) =>
    settle(
      t(action === "dismiss" ? "moderation.reportsDismissed" : "moderation.commentDeleted"),
      "/api/admin/moderation/comments",
      {
        comment_id: commentId,
        action: action === "dismiss" ? "dismiss" : "delete",
      },
    );
  const reviewHook = (hookId: string, action: "pass" | "fail") =>
    settle(
      t(action === "pass" ? "moderation.hookPassed" : "moderation.hookFailed"),
      "/api/admin/moderation/hooks",
      {
        hook_id: hookId,
        action,
      },
    );
  if (failure) return <p className="error">{failure}</p>;
  if (!data) return <p className="page-loading">{t("common:loading")}</p>;
  return (
    <section aria-label={t("tabs.moderation")}>
      <h2>{t("moderation.reportedSongs")}</h2>
      {data.songs.length === 0 ? (
        <p className="account-note">{t("moderation.noReportedSongs")}</p>
      ) : (
        <ul className="admin-list">
          {data.songs.map((song) => (
            <ReportItem
              key={song.clip_id}
              testId="reported-song"
              reports={song}
              removeLabel={t("moderation.unpublish")}
              settle={(action) => void settleSong(song.clip_id, action)}
            >
              <Link href={`/song/${song.clip_id}`}>{song.title || t("moderation.untitled")}</Link>{" "}
              {t("moderation.byHandle", { handle: song.owner_handle })}
              {!song.is_public && ` · ${t("moderation.private")}`}
            </ReportItem>
          ))}
        </ul>
      )}
      <h2>{t("moderation.reportedComments")}</h2>
      {data.comments.length === 0 ? (
        <p className="account-note">{t("moderation.noReportedComments")}</p>
      ) : (
        <ul className="admin-list">
          {data.comments.map((comment) => (
            <ReportItem
              key={comment.comment_id}
              testId="reported-comment"
              reports={comment}
              removeLabel={t("moderation.delete")}
              settle={(action) => void settleComment(comment.comment_id, action)}
            >
              <Trans
                t={t}
                i18nKey="moderation.commentBy"
                values={{ content: comment.content, handle: comment.author_handle }}
                components={{ song: <Link href={`/song/${comment.clip_id}`} /> }}
              />
            </ReportItem>
          ))}
        </ul>
      )}
      <h2>{t("moderation.hooksToReview")}</h2>
      {data.hooks.length === 0 ? (
        <p className="account-note">{t("moderation.noHooks")}</p>
      ) : (
        <ul className="admin-list">
          {data.hooks.map((hook) => (
            <HookReviewItem
              key={hook.hook_id}
              hook={hook}
              review={(action) => void reviewHook(hook.hook_id, action)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
