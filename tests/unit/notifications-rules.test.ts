import { describe, expect, it } from "vitest";
import {
  mergeNotifications,
  newerCursor,
  olderCursor,
} from "../../src/app/notifications/notification-list.ts";
import {
  notificationHref,
  notificationText,
  peopleText,
  timeAgo,
} from "../../src/app/notifications/notification-text.ts";
import type { Notification } from "../../src/shared/api/notifications.ts";

const person = (handle: string) => ({
  user_id: `id-${handle}`,
  handle,
  display_name: handle,
  is_following: false,
});

const notification = (overrides: Partial<Notification> = {}): Notification => ({
  id: "n1",
  notification_type: "clip_like",
  updated_at: "2026-11-27T03:00:00.000Z",
  is_read: false,
  user_profiles: [person("ana")],
  total_users: 1,
  content: { clip_id: "c1", title: "Night Drive" },
  ...overrides,
});

describe("what a notification says", () => {
  it("names the newest person and counts the others", () => {
    expect(peopleText(notification())).toBe("ana");
    expect(peopleText(notification({ total_users: 2, user_profiles: [person("bo"), person("ana")] }))).toBe(
      "bo and 1 other",
    );
    expect(peopleText(notification({ total_users: 4, user_profiles: [person("cy"), person("bo")] }))).toBe(
      "cy and 3 others",
    );
    expect(peopleText(notification({ user_profiles: [], total_users: 0 }))).toBe("Someone");
  });

  it("says what they did to what, titled or not", () => {
    expect(notificationText(notification({ total_users: 4 }))).toBe(
      'ana and 3 others liked your song "Night Drive"',
    );
    expect(notificationText(notification({ content: { clip_id: "c1", title: "" } }))).toBe(
      "ana liked your song",
    );
    expect(
      notificationText(
        notification({ notification_type: "persona_used", content: { persona_id: "p1", title: "Velvet" } }),
      ),
    ).toBe('ana made a song with your persona "Velvet"');
    expect(notificationText(notification({ notification_type: "follow", content: {} }))).toBe(
      "ana started following you",
    );
    expect(
      notificationText(
        notification({ notification_type: "announcement", content: { message: "Maintenance" } }),
      ),
    ).toBe("Maintenance");
  });

  it("leads to the song, persona, playlist or follower; an announcement leads nowhere", () => {
    expect(notificationHref(notification())).toBe("/song/c1");
    expect(notificationHref(notification({ content: { persona_id: "p1" } }))).toBe("/persona/p1");
    expect(notificationHref(notification({ content: { playlist_id: "l1" } }))).toBe("/playlist/l1");
    expect(notificationHref(notification({ notification_type: "follow", content: {} }))).toBe("/@ana");
    expect(
      notificationHref(notification({ notification_type: "announcement", content: { message: "Hi" } })),
    ).toBe(null);
  });

  it("tells the time as people say it", () => {
    const now = Date.parse("2026-11-27T03:00:00.000Z");
    const at = (ms: number) => new Date(now - ms).toISOString();
    expect(timeAgo(at(10_000), now)).toBe("just now");
    expect(timeAgo(at(5 * 60_000), now)).toBe("5 minutes ago");
    expect(timeAgo(at(3 * 3_600_000), now)).toBe("3 hours ago");
    expect(timeAgo(at(26 * 3_600_000), now)).toBe("yesterday");
    expect(timeAgo(at(30 * 86_400_000), now)).toBe("Oct 28, 2026");
  });
});

describe("the notifications list", () => {
  const at = (id: string, time: string) => notification({ id, updated_at: `2026-11-27T03:00:0${time}.000Z` });

  it("merges by id, newest first: a regrouped notification moves up, a new one is added", () => {
    const listed = [at("b", "3"), at("a", "1")];
    const merged = mergeNotifications(listed, [{ ...at("a", "5"), total_users: 2 }, at("c", "4")]);
    expect(merged.map((n) => n.id)).toEqual(["a", "c", "b"]);
    expect(merged[0].total_users).toBe(2);
  });

  it("asks for newer from the latest time known, and older from the oldest listed", () => {
    const listed = [at("b", "3"), at("a", "1")];
    expect(newerCursor("2026-11-27T03:00:02.000Z", listed)).toBe("2026-11-27T03:00:03.000Z");
    expect(newerCursor("2026-11-27T03:00:09.000Z", listed)).toBe("2026-11-27T03:00:09.000Z");
    expect(newerCursor(null, [])).toBeNull();
    expect(olderCursor(listed)).toBe("2026-11-27T03:00:01.000Z");
    expect(olderCursor([])).toBeNull();
  });
});
