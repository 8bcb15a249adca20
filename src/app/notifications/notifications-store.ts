// The signed-in user's notifications, for the header's bell and the notifications page: the unread
// count and the pages loaded, kept live over the realtime socket while anything shows them.

import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";
import {
  NOTIFICATION_EVENT,
  type Notification,
  notificationEventSchema,
} from "../../shared/api/notifications.ts";
import { userNotificationsChannel } from "../../shared/api/realtime.ts";
import { followChannel } from "../shell/realtime-socket.ts";
import { mergeNotifications, newerCursor, olderCursor } from "./notification-list.ts";
import { fetchNotifications, postRead, postSuppress } from "./notifications-api.ts";

export interface NotificationsState {
  /** null until the first answer. */
  readonly unreadCount: number | null;
  /** Newest first. */
  readonly items: readonly Notification[];
  readonly loaded: boolean;
  /** Whether older ones may exist: false once asking for older answered none. */
  readonly hasOlder: boolean;
  /** False once asking for newer answered none, until something new arrives. */
  readonly hasNewer: boolean;
  /** The server's time of its latest answer, for asking what is newer. */
  readonly cursor: string | null;
  readonly busy: "newer" | "older" | null;
  readonly error: string | null;
}

const INITIAL: NotificationsState = {
  unreadCount: null,
  items: [],
  loaded: false,
  hasOlder: true,
  hasNewer: true,
  cursor: null,
  busy: null,
  error: null,
};

export const notificationsStore = createStore<NotificationsState>(() => INITIAL);

export const useNotifications = <T>(select: (state: NotificationsState) => T): T =>
  useStore(notificationsStore, select);

const problem = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The newest page: the list on start; after the socket reconnects, merged into what is listed (older
 * pages loaded stay), as pushes may have been missed meanwhile.
 */
async function loadLatest(): Promise<void> {
  try {
    const answer = await fetchNotifications();
    notificationsStore.setState((state) => ({
      items: state.loaded ? mergeNotifications(state.items, answer.notifications) : answer.notifications,
      unreadCount: answer.unread_count,
      cursor: answer.notified_at,
      loaded: true,
      hasOlder: state.loaded ? state.hasOlder : answer.notifications.length > 0,
      hasNewer: true,
      error: null,
    }));
  } catch (error) {
    notificationsStore.setState({ error: problem(error) });
  }
}

async function loadPage(direction: "newer" | "older"): Promise<void> {
  const state = notificationsStore.getState();
  if (state.busy !== null) return;
  const from = direction === "newer" ? newerCursor(state.cursor, state.items) : olderCursor(state.items);
  if (from === null) return loadLatest();
  notificationsStore.setState({ busy: direction });
  try {
    const answer = await fetchNotifications(direction === "newer" ? { after: from } : { before: from });
    const current = notificationsStore.getState();
    const found = answer.notifications.length > 0;
    notificationsStore.setState({
      items: mergeNotifications(current.items, answer.notifications),
      unreadCount: answer.unread_count,
      ...(direction === "newer" ? { hasNewer: found } : { hasOlder: found }),
      error: null,
    });
  } catch (error) {
    notificationsStore.setState({ error: problem(error) });
  } finally {
    notificationsStore.setState({ busy: null });
  }
}

export const loadNewer = () => loadPage("newer");
export const loadOlder = () => loadPage("older");

function setRead(ids: ReadonlySet<string> | "all", unreadCount: number): void {
  notificationsStore.setState((state) => ({
    unreadCount,
    items: state.items.map((item) => (ids === "all" || ids.has(item.id) ? { ...item, is_read: true } : item)),
  }));
}

export async function markRead(ids: readonly string[]): Promise<void> {
  const answer = await postRead({ ids: [...ids] });
  setRead(new Set(ids), answer.unread_count);
}

/** Marks everything listed, and anything older, read. */
export async function markAllRead(): Promise<void> {
  const state = notificationsStore.getState();
  const upTo = newerCursor(state.cursor, state.items) ?? new Date().toISOString();
  const answer = await postRead({ all: true, before_datetime_utc: upTo });
  setRead("all", answer.unread_count);
}

/** Dismisses one: it leaves the list for good. */
export async function dismiss(id: string): Promise<void> {
  const answer = await postSuppress([id]);
  notificationsStore.setState((state) => ({
    unreadCount: answer.unread_count,
    items: state.items.filter((item) => item.id !== id),
  }));
}

function received(data: unknown): void {
  const parsed = notificationEventSchema.safeParse(data);
  if (!parsed.success) {
    console.warn("A notification did not match the notification schema", parsed.error);
    return;
  }
  notificationsStore.setState((state) => ({
    unreadCount: parsed.data.unread_count,
    items: mergeNotifications(state.items, [parsed.data.notification]),
  }));
}

let followers = 0;
let following: { readonly userId: string; readonly stop: () => void } | null = null;

/**
 * Keeps the user's notifications live while anything shows them (the bell on every page): the
 * first caller opens the channel, the last one's stop closes it. On each (re)subscription the
 * newest page is loaded again, as pushes may have been missed meanwhile.
 */
export function followNotifications(userId: string): () => void {
  followers++;
  if (following?.userId !== userId) {
    following?.stop();
    notificationsStore.setState(INITIAL);
    following = {
      userId,
      stop: followChannel(userNotificationsChannel(userId), {
        onEvent: (name, data) => {
          if (name === NOTIFICATION_EVENT) received(data);
        },
        onSubscribed: () => void loadLatest(),
      }),
    };
  }
  return () => {
    followers--;
    // A page change unmounts one bell and mounts the next: close only if none follows a moment later.
    setTimeout(() => {
      if (followers > 0 || following === null) return;
      following.stop();
      following = null;
    }, 0);
  };
}
