import { describe, expect, it } from "vitest";
import { editAccess } from "../../src/studio/edit/edit-access.ts";
import { OWNER, testSession as session } from "../test-session.ts";

const mine = { user_id: OWNER, status: "complete" as const };

describe("who may open a song in the editor", () => {
  it("opens a Pro user's own complete song", () => {
    expect(editAccess(session(), mine)).toBe("open");
  });

  it("asks anonymous visitors to sign in and refuses other people's songs, except to staff", () => {
    expect(editAccess(session({ user: null, userId: null }), mine)).toBe("sign_in");
    expect(editAccess(session(), { ...mine, user_id: "other" })).toBe("not_yours");
    expect(editAccess(session({ isStaff: true, roles: { pro: false } }), { ...mine, user_id: "other" })).toBe(
      "open",
    );
  });

  it("offers the upsell on the free plan", () => {
    expect(editAccess(session({ roles: { pro: false }, userPlanKey: "free" }), mine)).toBe("upsell");
  });

  it("waits for a streaming song and refuses one that is not complete", () => {
    expect(editAccess(session(), { ...mine, status: "streaming" })).toBe("streaming");
    for (const status of ["queued", "submitted", "processing", "error"] as const)
      expect(editAccess(session(), { ...mine, status })).toBe("not_complete");
  });
});
