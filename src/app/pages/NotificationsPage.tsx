import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Notification } from "../../shared/api/notifications.ts";
import { PageHeader } from "../account/PageHeader.tsx";
import { useSignedIn } from "../account/use-signed-in.ts";
import { i18n } from "../i18n/i18n.ts";
import { useLocaleFormat } from "../i18n/use-locale-format.ts";
import { notificationHref, notificationText } from "../notifications/notification-text.ts";
import {
  dismiss,
  loadNewer,
  loadOlder,
  markAllRead,
  markRead,
  useNotifications,
} from "../notifications/notifications-store.ts";
import { navigate } from "../router/history-router.ts";
import { Toasts } from "../shell/Toasts.tsx";
import { showToast } from "../shell/toast-store.ts";
import "../create/create.css";
import "../notifications/notifications.css";

/** The toast title of each change that can be refused. */
type Change = "markReadFailed" | "markAllReadFailed" | "dismissFailed";

/** Runs a change; a refusal shows as a toast, the list stays as it was. */
async function attempt(what: Change, change: () => Promise<void>): Promise<void> {
  try {
    await change();
  } catch (error) {
    showToast({
      kind: "error",
      title: i18n.t(`notifications:page.${what}`),
      description: error instanceof Error ? error.message : String(error),
      durationMs: 5000,
    });
  }
}

function NotificationRow({
  notification,
  now,
}: {
  readonly notification: Notification;
  readonly now: number;
}) {
  const { t } = useTranslation("notifications");
  const format = useLocaleFormat();
  const href = notificationHref(notification);
  const initial = (notification.user_profiles[0]?.handle ?? "?").slice(0, 1).toUpperCase();
  const open = () => {
    if (!notification.is_read) void attempt("markReadFailed", () => markRead([notification.id]));
    if (href) navigate(href);
  };
  return (
    <li
      className={notification.is_read ? "notification-row" : "notification-row notification-unread"}
      data-testid="notification-row"
      data-read={notification.is_read}
    >
      <span className="notification-avatar" aria-hidden="true">
        {notification.notification_type === "announcement" ? "!" : initial}
      </span>
      <div className="notification-body">
        {href ? (
          <button type="button" className="notification-text link-button" onClick={open}>
            {notificationText(notification, t)}
          </button>
        ) : (
          <span className="notification-text">{notificationText(notification, t)}</span>
        )}
        <time className="notification-time" dateTime={notification.updated_at}>
          {format.timeAgo(notification.updated_at, now)}
        </time>
      </div>
      <div className="notification-actions">
        {!notification.is_read && (
          <button
            type="button"
            className="create-small-button"
            onClick={() => void attempt("markReadFailed", () => markRead([notification.id]))}
          >
            {t("page.markRead")}
          </button>
        )}
        <button
          type="button"
          className="create-small-button"
          onClick={() => void attempt("dismissFailed", () => dismiss(notification.id))}
        >
          {t("page.dismiss")}
        </button>
      </div>
    </li>
  );
}

/** Load newer or Load older; "Loading..." while it loads, and neither while the other loads. */
function LoadButton({
  direction,
  busy,
}: {
  readonly direction: "newer" | "older";
  readonly busy: "newer" | "older" | null;
}) {
  const { t } = useTranslation("notifications");
  return (
    <button
      type="button"
      className="create-small-button"
      disabled={busy !== null}
      onClick={() => void (direction === "newer" ? loadNewer() : loadOlder())}
    >
      {busy === direction
        ? t("page.loading")
        : t(direction === "newer" ? "page.loadNewer" : "page.loadOlder")}
    </button>
  );
}

/** /notifications: the signed-in user's notifications, newest first, live. */
export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const session = useSignedIn();
  const state = useNotifications((current) => current);
  const [now, setNow] = useState(() => Date.now());
  // "5 minutes ago" stays true while the page is open.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const unread = state.unreadCount ?? 0;

  return (
    <main className="page notifications-page">
      <PageHeader />
      <header className="notifications-head">
        <h1>{t("page.title")}</h1>
        <span className="notifications-unread" data-testid="notifications-unread">
          {unread === 0 ? t("page.allRead") : t("page.unread", { count: unread })}
        </span>
        <button
          type="button"
          className="create-small-button"
          disabled={unread === 0}
          onClick={() => void attempt("markAllReadFailed", markAllRead)}
        >
          {t("page.markAllRead")}
        </button>
      </header>
      {state.error && (
        <p className="error" role="alert">
          {t("page.loadFailed", { problem: state.error })}
        </p>
      )}
      {session?.user == null || !state.loaded ? (
        <p className="page-loading">{t("page.loading")}</p>
      ) : (
        <>
          <div className="notifications-paging">
            <LoadButton direction="newer" busy={state.busy} />
            {!state.hasNewer && <span className="notifications-note">{t("page.nothingNewer")}</span>}
          </div>
          {state.items.length === 0 ? (
            <div className="notifications-empty" data-testid="notifications-empty">
              <h2>{t("page.emptyTitle")}</h2>
              <p>{t("page.emptyBody")}</p>
            </div>
          ) : (
            <ul className="notifications-list" aria-label={t("page.listLabel")}>
              {state.items.map((notification) => (
                <NotificationRow key={notification.id} notification={notification} now={now} />
              ))}
            </ul>
          )}
          {state.items.length > 0 && (
            <div className="notifications-paging">
              {state.hasOlder ? (
                <LoadButton direction="older" busy={state.busy} />
              ) : (
                <span className="notifications-note">{t("page.noOlder")}</span>
              )}
            </div>
          )}
        </>
      )}
      <Toasts />
    </main>
  );
}
