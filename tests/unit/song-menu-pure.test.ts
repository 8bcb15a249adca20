// The song menu's small rules: pin confirmations, optimistic reactions, Song Details errors and
// mentions, where the menu opens, the address a remix goes to, and the server's contest answer.

import { describe, expect, it } from "vitest";
import { MENU_EDGE_MARGIN, placeMenu } from "../../src/app/song-menu/menu-placement.ts";
import { remixPathFor, usePersonaPathFor } from "../../src/shared/create/create-query.ts";
import { withContestAnswer } from "../../src/shared/song-menu/contest-answer.ts";
import {
  captionMentions,
  METADATA_ERROR_MESSAGES,
  metadataErrorOf,
} from "../../src/shared/song-menu/metadata-errors.ts";
import {
  PIN_LIMIT_TITLE,
  PRIVATE_PIN_MESSAGE,
  PRIVATE_PIN_TITLE,
  pinConfirmation,
  pinLimit,
  pinLimitMessage,
} from "../../src/shared/song-menu/pin-rules.ts";
import {
  toggledReaction,
  withFeedbackReason,
  withReaction,
} from "../../src/shared/song-menu/reaction-rules.ts";
import { sameSettings, songSettings, withSongSettings } from "../../src/shared/song-menu/song-settings.ts";

describe("pins", () => {
  it("allows 5, or 10 with artist-profiles", () => {
    expect(pinLimit({})).toBe(5);
    expect(pinLimit({ "artist-profiles": true })).toBe(10);
  });

  it("asks at the limit, adding the public part for a private song", () => {
    expect(pinLimitMessage(5, true)).toBe(
      "You can only pin up to 5 songs to your Profile. Pinning this song will replace your oldest pinned song",
    );
    expect(pinConfirmation({ is_pinned: false, is_public: false }, 5, 5)).toEqual({
      title: PIN_LIMIT_TITLE,
      message:
        "You can only pin up to 5 songs to your Profile. Pinning this song will replace your oldest pinned song and make this song Public",
    });
  });

  it("asks before pinning a private song, and not for public songs under the limit or unpins", () => {
    expect(pinConfirmation({ is_pinned: false, is_public: false }, 2, 5)).toEqual({
      title: PRIVATE_PIN_TITLE,
      message: PRIVATE_PIN_MESSAGE,
    });
    expect(pinConfirmation({ is_pinned: false, is_public: true }, 4, 5)).toBeNull();
    expect(pinConfirmation({ is_pinned: true, is_public: false }, 5, 5)).toBeNull();
  });
});

describe("reactions shown before the server answers", () => {
  const clip = (reaction: "L" | "D" | null, upvote_count: number) => ({
    reaction: reaction === null ? null : { reaction_type: reaction, feedback_reason: null },
    upvote_count,
  });

  it("raises the count on a like and lowers it when a like goes (or turns to a dislike)", () => {
    expect(withReaction(clip(null, 3), "L")).toEqual(clip("L", 4));
    expect(withReaction(clip("L", 4), null)).toEqual(clip(null, 3));
    expect(withReaction(clip("L", 4), "D")).toEqual(clip("D", 3));
    expect(withReaction(clip("D", 3), "L")).toEqual(clip("L", 4));
    expect(withReaction(clip(null, 0), "D")).toEqual(clip("D", 0));
    expect(withReaction(clip("L", 0), null).upvote_count).toBe(0);
  });

  it("clears a reaction pressed again", () => {
    expect(toggledReaction("L", "L")).toBeNull();
    expect(toggledReaction("L", "D")).toBe("D");
    expect(toggledReaction(null, "L")).toBe("L");
  });

  it("adds a report's reason to the reaction's comma-separated reasons once", () => {
    expect(withFeedbackReason(null, "bug")).toBe("bug");
    expect(withFeedbackReason("", "bug")).toBe("bug");
    expect(withFeedbackReason("too_loud, off_key", "bug")).toBe("too_loud,off_key,bug");
    expect(withFeedbackReason("bug,copyright", "bug")).toBe("bug,copyright");
  });
});

describe("Song Details errors", () => {
  it("names each kind from the server's answer", () => {
    expect(
      metadataErrorOf(400, "Invalid body: title: Title too long: titles are at most 100 characters"),
    ).toEqual({
      type: "title_too_long",
      message: METADATA_ERROR_MESSAGES.title_too_long,
    });
    expect(metadataErrorOf(null, "").message).toBe("Network Error");
    expect(metadataErrorOf(400, "The cover image was not found: upload it again").type).toBe(
      "image_upload_error",
    );
    expect(metadataErrorOf(400, "The cover video was not found: upload it again").type).toBe(
      "video_cover_error",
    );
    expect(metadataErrorOf(422, "Caption failed moderation").type).toBe("caption_moderation_error");
    expect(metadataErrorOf(422, "Image failed moderation").type).toBe("image_moderation_error");
    expect(metadataErrorOf(422, "Lyrics failed moderation").type).toBe("text_moderation_error");
    expect(metadataErrorOf(409, "Something else")).toEqual({ type: null, message: "Something else" });
  });

  it("finds the caption's mentions once each", () => {
    expect(captionMentions("With @ana_b and @ana_b, not me@mail.com or @x")).toEqual(["ana_b"]);
    expect(captionMentions("@first then @second_one")).toEqual(["first", "second_one"]);
  });
});

describe("where the menu opens", () => {
  const viewport = { width: 400, height: 600 };
  const menu = { width: 220, height: 300 };

  it("opens under the button, left edges aligned", () => {
    expect(placeMenu({ left: 50, top: 100, bottom: 120 }, menu, viewport)).toEqual({ left: 50, top: 124 });
  });

  it("keeps 10 px from the right and left edges", () => {
    expect(placeMenu({ left: 390, top: 100, bottom: 120 }, menu, viewport).left).toBe(
      400 - 220 - MENU_EDGE_MARGIN,
    );
    expect(placeMenu({ left: 0, top: 100, bottom: 120 }, menu, viewport).left).toBe(MENU_EDGE_MARGIN);
  });

  it("opens above when there is no room below, and stays inside when there is room on neither side", () => {
    expect(placeMenu({ left: 50, top: 500, bottom: 520 }, menu, viewport).top).toBe(500 - 4 - 300);
    const tall = { width: 220, height: 560 };
    const top = placeMenu({ left: 50, top: 300, bottom: 320 }, tall, viewport).top;
    expect(top).toBeGreaterThanOrEqual(MENU_EDGE_MARGIN);
    expect(top + tall.height).toBeLessThanOrEqual(600 - MENU_EDGE_MARGIN);
  });
});

describe("remix addresses", () => {
  it("goes to /create with the song and the action, keeping the workspace there", () => {
    expect(remixPathFor("/me", "?page=2", "abc", "cover")).toBe("/create?remix_clip=abc&remix_type=cover");
    expect(remixPathFor("/create", "?wid=w1&mode=chat&ref_id=x&ref_type=clip", "abc", "extend")).toBe(
      "/create?wid=w1&remix_clip=abc&remix_type=extend",
    );
    expect(usePersonaPathFor("abc")).toBe("/create?use_persona=abc");
  });
});

describe("the server's contest answer", () => {
  const song = { id: "s", is_contest_clip: false, is_contest_base_clip: false };
  it("leaves the song as listed when there is no answer", () => {
    expect(withContestAnswer(song, null)).toBe(song);
  });
  it("takes a song out of every contest when the server says no", () => {
    const listed = { ...song, is_contest_clip: true, is_contest_base_clip: true };
    expect(withContestAnswer(listed, false)).toEqual(song);
  });
  it("enters a song the list knew as free when the server says yes, and keeps what it knew", () => {
    expect(withContestAnswer(song, true)).toEqual({ ...song, is_contest_clip: true });
    const base = { ...song, is_contest_base_clip: true };
    expect(withContestAnswer(base, true)).toBe(base);
  });
});

describe("a song's settings in its configurations", () => {
  it("reads weirdness and style influence as percent, the form's default where absent or unreadable", () => {
    expect(songSettings({ weirdness_constraint: 0.8, style_weight: 0.25 })).toEqual({
      weirdness: 80,
      styleInfluence: 25,
    });
    expect(songSettings(null)).toEqual({ weirdness: 50, styleInfluence: 50 });
    expect(songSettings({ weirdness_constraint: 3, style_weight: "high" })).toEqual({
      weirdness: 50,
      styleInfluence: 50,
    });
  });

  it("writes them back as 0..1, clamped, keeping the server's other keys", () => {
    expect(
      withSongSettings({ render_key: "abc", style_weight: 0.1 }, { weirdness: 70, styleInfluence: 130 }),
    ).toEqual({ render_key: "abc", weirdness_constraint: 0.7, style_weight: 1 });
    expect(sameSettings({ weirdness: 50, styleInfluence: 50 }, songSettings(undefined))).toBe(true);
    expect(sameSettings({ weirdness: 51, styleInfluence: 50 }, songSettings(undefined))).toBe(false);
  });
});
