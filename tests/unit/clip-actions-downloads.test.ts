// The download rules: the quota (owner or unlimited always; others while downloads are left; a failed
// check as 999 left), the download-file modal's notices, and the WAV poll's tries and spacing.

import { describe, expect, it } from "vitest";
import { pollFor } from "../../src/app/clip-actions/poll.ts";
import type { DownloadUsage } from "../../src/shared/api/clip-media.ts";
import {
  downloadDecision,
  downloadNotices,
  FREE_PLAN_RIGHTS,
  NO_COMMERCIAL_RIGHTS,
  OTHERS_SONG_RIGHTS,
  QUOTA_CHECK_FAILED_REMAINING,
} from "../../src/shared/clip-actions/download-rules.ts";

const usage = (overrides: Partial<DownloadUsage> = {}): DownloadUsage => ({
  downloads_used: 3,
  downloads_limit: 10,
  downloads_remaining: 7,
  has_unlimited_downloads: false,
  clip_owned_by_user: false,
  ...overrides,
});

describe("the download quota", () => {
  it("always lets the owner and users with unlimited downloads through", () => {
    expect(downloadDecision(usage({ clip_owned_by_user: true, downloads_remaining: 0 }))).toEqual({
      allowed: true,
      remaining: null,
    });
    expect(downloadDecision(usage({ has_unlimited_downloads: true, downloads_remaining: null }))).toEqual({
      allowed: true,
      remaining: null,
    });
  });

  it("lets others through while downloads are left, and refuses at zero", () => {
    expect(downloadDecision(usage({ downloads_remaining: 1 }))).toEqual({ allowed: true, remaining: 1 });
    expect(downloadDecision(usage({ downloads_remaining: 0 }))).toEqual({ allowed: false, limit: 10 });
  });

  it("lets the download through as 999 left when the check failed", () => {
    expect(downloadDecision(null)).toEqual({ allowed: true, remaining: QUOTA_CHECK_FAILED_REMAINING });
  });
});

describe("the download-file modal's notices", () => {
  it("warns of a remix of another user's song, another user's song, and the free plan", () => {
    expect(downloadNotices({ rights: "remix_of_other", remaining: null })).toEqual([NO_COMMERCIAL_RIGHTS]);
    expect(downloadNotices({ rights: "not_owner", remaining: 4 })).toEqual([
      OTHERS_SONG_RIGHTS,
      "You have 4 downloads of other people's songs left this month.",
    ]);
    expect(downloadNotices({ rights: "free_plan", remaining: null })).toEqual([FREE_PLAN_RIGHTS]);
    expect(downloadNotices({ rights: "not_owner", remaining: 1 })[1]).toBe(
      "You have 1 download of other people's songs left this month.",
    );
  });

  it("says nothing for the owner's own song with rights, or of a count a failed check made up", () => {
    expect(downloadNotices({ rights: null, remaining: null })).toEqual([]);
    expect(downloadNotices({ rights: null, remaining: QUOTA_CHECK_FAILED_REMAINING })).toEqual([]);
  });
});

describe("polling for the WAV file", () => {
  it("asks up to the number of tries, that far apart, and answers the first address", async () => {
    const waits: number[] = [];
    let asks = 0;
    const found = await pollFor(
      async () => (++asks === 3 ? "/wav" : null),
      { intervalMs: 5000, tries: 24 },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(found).toBe("/wav");
    expect(waits).toEqual([5000, 5000]);
  });

  it("gives up after 24 tries 5 s apart: two minutes", async () => {
    const waits: number[] = [];
    let asks = 0;
    const found = await pollFor(
      async () => {
        asks++;
        return null;
      },
      { intervalMs: 5000, tries: 24 },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(found).toBeNull();
    expect(asks).toBe(24);
    expect(waits.reduce((a, b) => a + b, 0)).toBe(23 * 5000);
  });
});
