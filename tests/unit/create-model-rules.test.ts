import { describe, expect, it } from "vitest";
import type { Session } from "../../src/shared/api/accounts.ts";
import type { Conditions } from "../../src/shared/create/conditions.ts";
import {
  defaultArtistEndSeconds,
  defaultContinueAtSeconds,
  extendStartSeconds,
} from "../../src/shared/create/extend-points.ts";
import {
  canUseBillingModel,
  defaultModelKey,
  minimumTierFor,
  modelAllowsControlSliders,
  modelAllowsMumbleMode,
  modelKeyForTier,
  modelShortfall,
  modelSupportsExtend,
  modelSupportsPersonaOrCover,
  modelSupportsPersonaWithExtendOrCover,
  modelSupportsPlaylistAndPainting,
  modelTierFromKey,
  personaModelOverride,
  requiredModelUpgrade,
  tierOfMajorVersion,
} from "../../src/shared/create/model-rules.ts";
import type { Reference } from "../../src/shared/create/references.ts";
import { FREE_MODELS, PRO_MODELS, persona } from "./create-fixtures.ts";

const KEYS = ["chirp-v3-0", "chirp-v3-5", "chirp-v4", "chirp-v4-5", "chirp-v4-5-plus", "chirp-crow"] as const;

describe("tiers and keys", () => {
  it("map model keys to tiers by name fragment, bird names included", () => {
    expect(KEYS.map(modelTierFromKey)).toEqual(["V3", "V3.5", "V4", "V4.5", "V4.5+", "V5"]);
    expect(modelTierFromKey("chirp-auk")).toBe("V4.5");
    expect(modelTierFromKey("chirp-bluejay")).toBe("V4.5+");
    expect(modelTierFromKey("chirp-v5-preview")).toBe("V5");
    expect(modelTierFromKey("something-else")).toBe("V3.5");
  });

  it("give each tier its key", () => {
    expect(["V3", "V3.5", "V4", "V4.5", "V4.5+", "V5"].map((tier) => modelKeyForTier(tier as never))).toEqual(
      KEYS,
    );
  });

  it("read clips' major versions, unknown as V5", () => {
    expect(tierOfMajorVersion("v3.5")).toBe("V3.5");
    expect(tierOfMajorVersion("v4.5")).toBe("V4.5");
    expect(tierOfMajorVersion("v2")).toBe("V3");
    expect(tierOfMajorVersion("v9")).toBe("V5");
    expect(tierOfMajorVersion(null)).toBe("V5");
  });
});

describe("what each model supports", () => {
  const table = (rule: (key: string) => boolean) => KEYS.map(rule);

  it("extend: every model (v2 or later)", () => {
    expect(table(modelSupportsExtend)).toEqual([true, true, true, true, true, true]);
  });
  it("persona and cover: v3-5 or later", () => {
    expect(table(modelSupportsPersonaOrCover)).toEqual([false, true, true, true, true, true]);
  });
  it("persona with extend or cover: auk or newer", () => {
    expect(table(modelSupportsPersonaWithExtendOrCover)).toEqual([false, false, false, true, true, true]);
    expect(modelSupportsPersonaWithExtendOrCover("chirp-auk")).toBe(true);
  });
  it("playlist, underpaint and overpaint: bluejay or newer", () => {
    expect(table(modelSupportsPlaylistAndPainting)).toEqual([false, false, false, false, true, true]);
    expect(modelSupportsPlaylistAndPainting("chirp-bluejay")).toBe(true);
  });
  it("mumble mode and control sliders: bluejay and crow", () => {
    expect(table(modelAllowsMumbleMode)).toEqual([false, false, false, false, true, true]);
    expect(table(modelAllowsControlSliders)).toEqual([false, false, false, false, true, true]);
  });
});

describe("the model downgrade rule", () => {
  const conditions = (untimed: Conditions["untimed"], timed: Conditions["timed"] = null): Conditions => ({
    untimed,
    timed,
  });
  const extend = { type: "extend", clipId: "e", startSeconds: 1, isUpload: false } as const;

  it("finds the oldest tier for the conditions", () => {
    expect(minimumTierFor(conditions({}))).toBe("V3");
    expect(minimumTierFor(conditions({}, extend))).toBe("V3");
    expect(minimumTierFor(conditions({ cover: { clipId: "c" } }))).toBe("V3.5");
    expect(minimumTierFor(conditions({ persona }))).toBe("V3.5");
    expect(minimumTierFor(conditions({ persona, cover: { clipId: "c" } }))).toBe("V4.5");
    expect(minimumTierFor(conditions({ persona }, extend))).toBe("V4.5");
    expect(minimumTierFor(conditions({ playlist: { playlistId: "p", playlistName: "" } }))).toBe("V4.5+");
    expect(minimumTierFor(conditions({}, { type: "underpaint", clipId: "u" }))).toBe("V4.5+");
    expect(minimumTierFor(conditions({}, { type: "overpaint", clipId: "o" }))).toBe("V4.5+");
  });

  it("switches only a model that is too old", () => {
    const cover = conditions({ cover: { clipId: "c" } });
    expect(requiredModelUpgrade("chirp-v3-0", cover)).toBe("chirp-v3-5");
    expect(requiredModelUpgrade("chirp-v3-5", cover)).toBeNull();
    expect(requiredModelUpgrade("chirp-crow", conditions({}, { type: "overpaint", clipId: "o" }))).toBeNull();
    expect(requiredModelUpgrade("chirp-v4-5", conditions({}, { type: "overpaint", clipId: "o" }))).toBe(
      "chirp-v4-5-plus",
    );
  });
});

describe("the request's model check (the server's)", () => {
  const cover: Reference = { type: "cover", clipId: "c" };
  const persona: Reference = { type: "persona", clipId: "r", personaId: "p" };
  const extend: Reference = { type: "extend", clipId: "e", isUpload: false, startSeconds: 10 };
  const playlist: Reference = { type: "playlist", playlistId: "l", playlistClipIds: [] };

  it("takes references every tier supports on any model", () => {
    for (const key of KEYS) expect(modelShortfall(key, [extend])).toBeNull();
    expect(modelShortfall("chirp-v3-5", [cover])).toBeNull();
    expect(modelShortfall("chirp-v4-5", [persona, cover])).toBeNull();
    expect(modelShortfall("chirp-crow", [playlist, persona])).toBeNull();
  });

  it("names the first feature the model is too old for, newest need first", () => {
    expect(modelShortfall("chirp-v3-0", [cover])).toEqual({ feature: "Cover", tier: "V3.5" });
    expect(modelShortfall("chirp-v3-0", [persona])).toEqual({ feature: "A persona", tier: "V3.5" });
    expect(modelShortfall("chirp-v4", [persona, extend])).toEqual({
      feature: "A persona with extend or cover",
      tier: "V4.5",
    });
    expect(modelShortfall("chirp-v3-0", [playlist, persona])).toEqual({
      feature: "Playlist inspiration",
      tier: "V4.5+",
    });
    expect(modelShortfall("chirp-v4-5", [{ type: "underpaint", clipId: "u" }])?.feature).toBe(
      "Add instrumental",
    );
    expect(modelShortfall("chirp-v4-5", [{ type: "overpaint", clipId: "o" }])?.feature).toBe("Add vocals");
  });
});

describe("can_use and defaults", () => {
  it("the default is the newest usable model", () => {
    expect(defaultModelKey(PRO_MODELS)).toBe("chirp-crow");
    expect(defaultModelKey(FREE_MODELS)).toBe("chirp-v3-5");
    expect(defaultModelKey([])).toBe("chirp-v3-5");
  });

  it("can_use comes from the billing model", () => {
    expect(canUseBillingModel(FREE_MODELS, "chirp-crow")).toBe(false);
    expect(canUseBillingModel(FREE_MODELS, "chirp-v3-5")).toBe(true);
    expect(canUseBillingModel(PRO_MODELS, "chirp-crow")).toBe(true);
    expect(canUseBillingModel(PRO_MODELS, "chirp-unknown")).toBe(false);
  });

  it("allow-v3-5-override forces v3.5, or v4 when permitted", () => {
    const session = (flags: Record<string, boolean>) => ({ flags }) as unknown as Session;
    expect(personaModelOverride(session({}), PRO_MODELS)).toBeNull();
    expect(personaModelOverride(session({ "allow-v3-5-override": true }), PRO_MODELS)).toBe("chirp-v4");
    expect(personaModelOverride(session({ "allow-v3-5-override": true }), FREE_MODELS)).toBe("chirp-v3-5");
  });
});

describe("extend and artist points", () => {
  it("the continue point defaults to the duration minus 0.2 s, rounded to 0.2 s", () => {
    expect(defaultContinueAtSeconds(120)).toBe(119.8);
    expect(defaultContinueAtSeconds(95.37)).toBe(95.2);
    expect(defaultContinueAtSeconds(95.33)).toBe(95.2);
  });

  it("the artist end defaults to min(duration, 60) with auk, else min(duration, 120)", () => {
    expect(defaultArtistEndSeconds(200, true)).toBe(60);
    expect(defaultArtistEndSeconds(200, false)).toBe(120);
    expect(defaultArtistEndSeconds(45, true)).toBe(45);
  });

  it("extend starts round to 0.04 s, at least the minimum, within the clip", () => {
    expect(extendStartSeconds(10.01, null)).toBe(10);
    expect(extendStartSeconds(10.03, null)).toBe(10.04);
    expect(extendStartSeconds(-4, null)).toBe(0.04);
    expect(extendStartSeconds(0.01, 30)).toBe(0.04);
    expect(extendStartSeconds(31, 30.01)).toBe(30);
  });
});
