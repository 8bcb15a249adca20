import i18next, { type TFunction } from "i18next";
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
} from "../../src/app/notifications/notification-text.ts";
import type { Notification } from "../../src/shared/api/notifications.ts";
import { formatTimeAgo } from "../../src/shared/i18n/locale-format.ts";
import { localeResources } from "../i18n/locale-texts.ts";

/** The real English and Spanish texts, as the pages load them. */
const texts = i18next.createInstance();
await texts.init({ lng: "en", resources: localeResources(), interpolation: { escapeValue: false } });
const english: TFunction = texts.getFixedT("en");
const spanish: TFunction = texts.getFixedT("es");

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
    expect(peopleText(notification(), english)).toBe("ana");
    expect(
      peopleText(notification({ total_users: 2, user_profiles: [person("bo"), person("ana")] }), english),
    ).toBe("bo and 1 other");
    expect(
      peopleText(notification({ total_users: 4, user_profiles: [person("cy"), person("bo")] }), english),
    ).toBe("cy and 3 others");
    expect(peopleText(notification({ user_profiles: [], total_users: 0 }), english)).toBe("Someone");
  });

  it("says what they did to what, titled or not", () => {
    expect(notificationText(notification({ total_users: 4 }), english)).toBe(
      'ana and 3 others liked your song "Night Drive"',
    );
    expect(notificationText(notification({ content: { clip_id: "c1", title: "" } }), english)).toBe(
      "ana liked your song",
    );
    expect(
      notificationText(
        notification({ notification_type: "persona_used", content: { persona_id: "p1", title: "Velvet" } }),
        english,
      ),
    ).toBe('ana made a song with your persona "Velvet"');
    expect(notificationText(notification({ notification_type: "follow", content: {} }), english)).toBe(
      "ana started following you",
    );
    expect(
      notificationText(
        notification({ notification_type: "announcement", content: { message: "Maintenance" } }),
        english,
      ),
    ).toBe("Maintenance");
  });

  it("says it in Spanish, titled or not", () => {
    expect(notificationText(notification({ total_users: 4 }), spanish)).toBe(
      "ana y 3 más dio me gusta a tu canción «Night Drive»",
    );
    expect(notificationText(notification({ notification_type: "follow", content: {} }), spanish)).toBe(
      "ana empezó a seguirte",
    );
    expect(peopleText(notification({ user_profiles: [], total_users: 0 }), spanish)).toBe("Alguien");
  });

  it("leads to the hook, song, persona, playlist or follower; an announcement leads nowhere", () => {
    expect(notificationHref(notification())).toBe("/song/c1");
    // A hook's notification names its song too, and opens the hook.
    expect(
      notificationHref(
        notification({ notification_type: "hook_comment", content: { hook_id: "h1", clip_id: "c1" } }),
      ),
    ).toBe("/hook/h1");
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
    const timeAgo = (iso: string, language: "en" | "es" = "en") =>
      formatTimeAgo(iso, now, language, texts.t("common:timeAgo.justNow", { lng: language }));
    expect(timeAgo(at(10_000))).toBe("just now");
    expect(timeAgo(at(5 * 60_000))).toBe("5 minutes ago");
    expect(timeAgo(at(3 * 3_600_000))).toBe("3 hours ago");
    expect(timeAgo(at(26 * 3_600_000))).toBe("yesterday");
    expect(timeAgo(at(30 * 86_400_000))).toBe("Oct 28, 2026");
    expect(timeAgo(at(10_000), "es")).toBe("ahora mismo");
    expect(timeAgo(at(5 * 60_000), "es")).toBe("hace 5 minutos");
    expect(timeAgo(at(26 * 3_600_000), "es")).toBe("ayer");
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
