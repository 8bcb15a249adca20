import { describe, expect, it } from "vitest";
import {
  clipPollState,
  isPlayable,
  isPolled,
  QUEUED_STUCK_MS,
  SUBMITTED_STUCK_MS,
} from "../../src/shared/create/clip-polling.ts";

const since = Date.UTC(2026, 0, 1);

describe("clip polling", () => {
  it("polls submitted clips and running ones; complete and error are terminal", () => {
    expect(clipPollState("submitted", since, since + 1000)).toBe("submitted");
    for (const status of ["queued", "processing", "streaming", "anything-new"]) {
      expect(clipPollState(status, since, since + 1000)).toBe("running");
    }
    expect(clipPollState("complete", since, since)).toBe("terminal");
    expect(clipPollState("error", since, since)).toBe("terminal");
    expect(clipPollState("", since, since)).toBe("unknown");
    expect(clipPollState(null, since, since)).toBe("unknown");
    expect(isPolled("submitted")).toBe(true);
    expect(isPolled("running")).toBe(true);
    for (const state of ["terminal", "stuck", "unknown"] as const) expect(isPolled(state)).toBe(false);
  });

  it("drops submitted after 2 minutes and queued after 15", () => {
    expect(SUBMITTED_STUCK_MS).toBe(120_000);
    expect(QUEUED_STUCK_MS).toBe(900_000);
    expect(clipPollState("submitted", since, since + SUBMITTED_STUCK_MS)).toBe("submitted");
    expect(clipPollState("submitted", since, since + SUBMITTED_STUCK_MS + 1)).toBe("stuck");
    expect(clipPollState("queued", since, since + SUBMITTED_STUCK_MS + 1)).toBe("running");
    expect(clipPollState("queued", since, since + QUEUED_STUCK_MS)).toBe("running");
    expect(clipPollState("queued", since, since + QUEUED_STUCK_MS + 1)).toBe("stuck");
    expect(clipPollState("streaming", since, since + QUEUED_STUCK_MS * 4)).toBe("running");
  });

  it("plays streaming and complete clips only", () => {
    expect(isPlayable("streaming")).toBe(true);
    expect(isPlayable("complete")).toBe(true);
    for (const status of ["queued", "submitted", "error", null]) expect(isPlayable(status)).toBe(false);
  });
});
