import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../router/Link.tsx";
import { followNotifications, useNotifications } from "./notifications-store.ts";
import "./notifications.css";

/** More than this shows as "99+". */
const BADGE_MAX = 99;

/** The header's bell for the signed-in user (none when signed out): the unread count, live. */
export function NotificationBell({ userId }: { readonly userId: string | null }) {
  const { t } = useTranslation();
  const unread = useNotifications((state) => state.unreadCount ?? 0);
  useEffect(() => (userId === null ? undefined : followNotifications(userId)), [userId]);
  if (userId === null) return null;
  const label =
    unread === 0 ? t("notificationBell.label") : t("notificationBell.labelUnread", { count: unread });
  return (
    <Link
      href="/notifications"
      className="notification-bell"
      aria-label={label}
      data-testid="notification-bell"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15a2.5 2.5 0 0 0 5 0Z"
          fill="currentColor"
        />
      </svg>
      {unread > 0 && (
        <span className="notification-badge" data-testid="notification-count">
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      )}
    </Link>
  );
}
