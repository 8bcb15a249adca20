import { describe, expect, it } from "vitest";
import { DEFAULT_FADE_OUT_MS } from "../../src/shared/api/edit.ts";
import {
  infillActionShown,
  newEditSession,
  restoreEditSession,
  serializeEditSession,
} from "../../src/studio/edit/edit-session.ts";

const CLIP = "11111111-1111-4111-8111-111111111111";
const SAVED_AT = Date.UTC(2026, 0, 1, 12, 0, 0);
const minutes = (m: number, s = 0) => SAVED_AT + (m * 60 + s) * 1000;

describe("the edit session", () => {
  it("starts with the tool edit_details, a 5000 ms fade-out and nothing pending", () => {
    const session = newEditSession(CLIP, "session-1");
    expect(session).toEqual({
      editSessionId: "session-1",
      editingClipId: CLIP,
      selectionRange: null,
      activeEditTool: "edit_details",
      speedFactor: 1,
      changeTempoOnly: true,
      isCropRemove: false,
      isFadeOut: false,
      fadeOutLengthMs: DEFAULT_FADE_OUT_MS,
      pendingClipData: [],
    });
    expect(DEFAULT_FADE_OUT_MS).toBe(5000);
  });

  it("is restored when saved 14:59 ago, not when saved 15:01 ago", () => {
    const session = {
      ...newEditSession(CLIP, "session-1"),
      activeEditTool: "crop" as const,
      selectionRange: { start: 2, end: 9.4 },
      pendingClipData: [{ type: "edit_crop" as const, actionClipId: "action-1" }],
    };
    const saved = serializeEditSession(session, SAVED_AT);
    expect(restoreEditSession(saved, CLIP, minutes(14, 59))).toEqual(session);
    expect(restoreEditSession(saved, CLIP, minutes(15, 1))).toBeNull();
    expect(restoreEditSession(saved, CLIP, minutes(15))).toBeNull();
  });

  it("is not restored for another song, nor from a clock that went back, nor from bad text", () => {
    const saved = serializeEditSession(newEditSession(CLIP, "session-1"), SAVED_AT);
    expect(restoreEditSession(saved, "22222222-2222-4222-8222-222222222222", minutes(1))).toBeNull();
    expect(restoreEditSession(saved, CLIP, SAVED_AT - 1000)).toBeNull();
    expect(restoreEditSession(null, CLIP, minutes(1))).toBeNull();
    expect(restoreEditSession("{not json", CLIP, minutes(1))).toBeNull();
    const reversed = JSON.stringify({
      savedAt: SAVED_AT,
      session: { ...newEditSession(CLIP, "s"), selectionRange: { start: 9, end: 2 } },
    });
    expect(restoreEditSession(reversed, CLIP, minutes(1))).toBeNull();
    const tooFast = JSON.stringify({
      savedAt: SAVED_AT,
      session: { ...newEditSession(CLIP, "s"), speedFactor: 9 },
    });
    expect(restoreEditSession(tooFast, CLIP, minutes(1))).toBeNull();
  });

  it("shows the replace-section action from a selection of 5 seconds", () => {
    expect(infillActionShown(null)).toBe(false);
    expect(infillActionShown({ start: 10, end: 14.8 })).toBe(false);
    expect(infillActionShown({ start: 10, end: 15 })).toBe(true);
    expect(infillActionShown({ start: 0, end: 30 })).toBe(true);
  });
});
