import { describe, expect, it } from "vitest";
import {
  addCover,
  addExtend,
  addPainting,
  addPersona,
  addPlaylist,
  changeModel,
  clearCover,
  clearPersona,
  moveExtendStart,
  type RuleResult,
  reconcileConditions,
  reuseStylesAndLyrics,
  setInspirationClips,
  setMumbleMode,
  setSampleClips,
  setSimpleMode,
  setVoxPersona,
  startAdjustSpeed,
  titleWithoutRemixSuffix,
} from "../../src/shared/create/condition-rules.ts";
import type { Conditions } from "../../src/shared/create/conditions.ts";
import type { CreateFormState } from "../../src/shared/create/form-state.ts";
import { FORM_NOTICE_MS, FORM_NOTICE_WITH_HINT_MS } from "../../src/shared/create/notices.ts";
import { freeContext, freshState, persona, proContext, tierOf } from "./create-fixtures.ts";

const titles = (result: RuleResult) => result.notices.map((notice) => notice.title);
const withConditions = (
  conditions: Partial<Conditions["untimed"]>,
  timed: Conditions["timed"] = null,
  model = "chirp-crow",
) => {
  const state = freshState(model);
  return { ...state, global: { ...state.global, conditions: { untimed: conditions, timed } } };
};
const extendOf = (clipId = "song"): Conditions["timed"] => ({
  type: "extend",
  clipId,
  startSeconds: 30,
  isUpload: false,
});
const playlist = { playlistId: "list-1", playlistName: "Road trip" };
const inMode = (state: CreateFormState, mode: CreateFormState["global"]["mode"]): CreateFormState => ({
  ...state,
  global: { ...state.global, mode },
});
const custom = (state: CreateFormState, values: Partial<CreateFormState["custom"]>): CreateFormState => ({
  ...state,
  custom: { ...state.custom, ...values },
});

describe("notices", () => {
  it("are info toasts of 3 s, 10 s with the vox persona hint", () => {
    const state = withConditions({ persona });
    const plain = addPlaylist(state, playlist, proContext);
    expect(plain.notices.find((notice) => notice.kind === "remove_persona")).toEqual({
      kind: "remove_persona",
      title: "Persona removed",
      durationMs: FORM_NOTICE_MS,
      voxPersonaHint: false,
    });
    expect(FORM_NOTICE_MS).toBe(3000);
    const hinted = addPlaylist(state, playlist, { ...proContext, voxPersonaAvailable: true });
    expect(hinted.notices.find((notice) => notice.kind === "remove_persona")?.durationMs).toBe(
      FORM_NOTICE_WITH_HINT_MS,
    );
    expect(FORM_NOTICE_WITH_HINT_MS).toBe(10_000);
  });

  it("are not raised when nothing is removed", () => {
    expect(addPersona(freshState(), persona, proContext).notices).toEqual([]);
    expect(addPlaylist(freshState(), playlist, proContext).notices).toEqual([]);
    expect(addCover(freshState(), { clipId: "c", clipTitle: "Song" }, proContext).notices).toEqual([]);
    expect(addPainting(freshState(), { type: "overpaint", clipId: "b" }, proContext).notices).toEqual([]);
    expect(setInspirationClips(freshState(), ["a"], proContext).notices).toEqual([]);
  });
});

describe("adding a persona", () => {
  it("removes the inspiration playlist and the vocals or instrumental condition", () => {
    const state = withConditions({ playlist }, { type: "underpaint", clipId: "v" });
    const result = addPersona(state, persona, proContext);
    expect(result.state.global.conditions.untimed.playlist).toBeUndefined();
    expect(result.state.global.conditions.timed).toBeNull();
    expect(result.state.global.conditions.untimed.persona).toEqual(persona);
    expect(titles(result)).toEqual(["Inspiration removed", "Vocals/Instrumentals removed"]);
  });

  it("copies the persona clip's styles, exclude styles on only with negative tags", () => {
    const result = addPersona(freshState(), persona, proContext);
    expect(result.state.custom.styles).toBe("dream pop, airy vocals");
    expect(result.state.custom.excludeStyles).toBe("metal");
    expect(result.state.other.excludeStylesEnabled).toBe(true);
    const plain = addPersona(freshState(), { ...persona, negativeTags: "" }, proContext);
    expect(plain.state.other.excludeStylesEnabled).toBe(false);
  });

  it("keeps a cover or extend when the auk model is allowed, switching the model up to it", () => {
    const cover = withConditions({ cover: { clipId: "c" } }, null, "chirp-v3-5");
    const result = addPersona(cover, persona, proContext);
    expect(result.state.global.conditions.untimed.cover).toEqual({ clipId: "c" });
    expect(tierOf(result.state)).toBe("V4.5");
    expect(titles(result)).toEqual(["Model changed"]);
    const extend = addPersona(withConditions({}, extendOf(), "chirp-crow"), persona, proContext);
    expect(extend.state.global.conditions.timed?.type).toBe("extend");
    expect(extend.notices).toEqual([]);
  });

  it("resets a cover and a continue clip when the auk model is not allowed", () => {
    const cover = withConditions({ cover: { clipId: "c" } }, null, "chirp-v3-5");
    const coverTitle = custom(cover, { title: "Song (Cover)" });
    const result = addPersona(coverTitle, persona, freeContext);
    expect(result.state.global.conditions.untimed.cover).toBeUndefined();
    expect(result.state.custom.title).toBe("Song");
    expect(titles(result)).toEqual(["Cover condition removed"]);
    const extend = addPersona(withConditions({}, extendOf(), "chirp-v3-5"), persona, freeContext);
    expect(extend.state.global.conditions.timed).toBeNull();
    expect(titles(extend)).toEqual(["Condition removed"]);
  });

  it("takes the allow-v3-5-override model", () => {
    const result = addPersona(freshState("chirp-crow"), persona, proContext, "chirp-v4");
    expect(result.state.global.model).toBe("chirp-v4");
    expect(titles(result)).toEqual(["Model changed"]);
  });

  it("switches a V3 model up to V3.5 for a persona", () => {
    const result = addPersona(freshState("chirp-v3-0"), persona, freeContext);
    expect(result.state.global.model).toBe("chirp-v3-5");
    expect(titles(result)).toEqual(["Model changed"]);
  });

  it("sets the task from the cover or continue clip, and back when cleared", () => {
    const cover = addPersona(withConditions({ cover: { clipId: "c" } }), persona, proContext).state;
    expect(cover.other.task).toBe("artist_cover");
    expect(clearPersona(cover, proContext).state.other.task).toBe("cover");
    const extend = addPersona(withConditions({}, extendOf()), persona, proContext).state;
    expect(extend.other.task).toBe("artist_extend");
    expect(clearPersona(extend, proContext).state.other.task).toBe("extend");
    const alone = addPersona(freshState(), persona, proContext).state;
    expect(alone.other.task).toBe("artist_consistency");
    expect(clearPersona(alone, proContext).state.other.task).toBeNull();
  });

  it("clearing it clears the styles only if unchanged", () => {
    const added = addPersona(freshState(), persona, proContext).state;
    const cleared = clearPersona(added, proContext).state;
    expect(cleared.global.conditions.untimed.persona).toBeUndefined();
    expect(cleared.custom.styles).toBe("");
    expect(cleared.custom.excludeStyles).toBe("");
    const edited = clearPersona(custom(added, { styles: "dream pop, synths" }), proContext).state;
    expect(edited.custom.styles).toBe("dream pop, synths");
  });
});

describe("adding an inspiration playlist", () => {
  it("removes the timed condition, inspiration clips and persona", () => {
    const state = withConditions({ persona, inspiration: { clipIds: ["a"] } }, extendOf());
    const result = addPlaylist(state, playlist, proContext);
    const conditions = result.state.global.conditions;
    expect(conditions.timed).toBeNull();
    expect(conditions.untimed.inspiration).toBeUndefined();
    expect(conditions.untimed.persona).toBeUndefined();
    expect(conditions.untimed.playlist).toEqual(playlist);
    expect(titles(result)).toEqual(["Condition removed", "Inspiration clips cleared", "Persona removed"]);
  });

  it("keeps the persona when the vox persona is on", () => {
    const state = withConditions({ persona, voxPersona: { enabled: true, gptCfg: 2, diffusionCfg: 5 } });
    const result = addPlaylist(state, playlist, proContext);
    expect(result.state.global.conditions.untimed.persona).toEqual(persona);
    expect(result.notices).toEqual([]);
  });

  it("names an empty title after the playlist, and only an empty one", () => {
    expect(addPlaylist(freshState(), playlist, proContext).state.custom.title).toBe("Inspired by Road trip");
    const named = custom(freshState(), { title: "Mine" });
    expect(addPlaylist(named, playlist, proContext).state.custom.title).toBe("Mine");
  });

  it("resets cover, reused styles and lyrics, the speed clip and the model to the default", () => {
    let state = withConditions(
      { cover: { clipId: "c" }, reuseStylesLyrics: { clipId: "r" } },
      null,
      "chirp-v4-5-plus",
    );
    state = {
      ...custom(state, { reusedFromClipId: "r" }),
      adjustSpeed: { ...state.adjustSpeed, clipId: "s" },
    };
    const result = addPlaylist(state, playlist, proContext);
    expect(result.state.global.conditions.untimed.cover).toBeUndefined();
    expect(result.state.global.conditions.untimed.reuseStylesLyrics).toBeUndefined();
    expect(result.state.custom.reusedFromClipId).toBeNull();
    expect(result.state.adjustSpeed.clipId).toBeNull();
    expect(result.state.global.model).toBe("chirp-crow");
    expect(titles(result)).toEqual(["Cover condition removed", "Model changed"]);
  });

  it("needs the bluejay model or newer", () => {
    const result = addPlaylist(freshState("chirp-v3-5"), playlist, freeContext);
    expect(tierOf(result.state)).toBe("V4.5+");
    expect(titles(result)).toEqual(["Model changed"]);
  });
});

describe("adding a cover", () => {
  it("removes the timed condition, playlist and inspiration; custom mode, manual lyrics, '(Cover)'", () => {
    let state = withConditions(
      { playlist, inspiration: { clipIds: ["a"] } },
      { type: "overpaint", clipId: "b" },
    );
    state = { ...state, global: { ...state.global, mode: "simple" } };
    state = custom(state, { lyricsMode: "auto" });
    const result = addCover(state, { clipId: "c", clipTitle: "Summer (Remix)" }, proContext);
    expect(result.state.global.conditions).toEqual({ untimed: { cover: { clipId: "c" } }, timed: null });
    expect(result.state.global.mode).toBe("custom");
    expect(result.state.custom.lyricsMode).toBe("manual");
    expect(result.state.custom.title).toBe("Summer (Cover)");
    expect(titles(result)).toEqual([
      "Vocals/Instrumentals removed",
      "Inspiration removed",
      "Inspiration clips cleared",
    ]);
  });

  it("does not double the suffix and drops it on reset", () => {
    const covered = addCover(freshState(), { clipId: "c", clipTitle: "Summer (Cover)" }, proContext).state;
    expect(covered.custom.title).toBe("Summer (Cover)");
    expect(addCover(freshState(), { clipId: "c", clipTitle: "" }, proContext).state.custom.title).toBe(
      "(Cover)",
    );
    expect(clearCover(covered, proContext).state.custom.title).toBe("Summer");
    expect(titleWithoutRemixSuffix("Summer (Remix)")).toBe("Summer");
  });

  it("switches a V3 model up", () => {
    expect(
      tierOf(addCover(freshState("chirp-v3-0"), { clipId: "c", clipTitle: "S" }, freeContext).state),
    ).toBe("V3.5");
  });
});

describe("adding an extend", () => {
  const pick = { clipId: "song", startSeconds: 30, isUpload: false, clipDurationSeconds: 120 };

  it("removes playlist and inspiration and turns simple mode off", () => {
    const state = withConditions({ playlist, inspiration: { clipIds: ["a"] } });
    const result = addExtend(state, pick, proContext);
    expect(result.state.global.conditions).toEqual({
      untimed: {},
      timed: { type: "extend", clipId: "song", startSeconds: 30, isUpload: false },
    });
    expect(result.state.global.mode).toBe("custom");
    expect(titles(result)).toEqual(["Inspiration removed", "Inspiration clips cleared"]);
  });

  it("raises a start below the minimum and rounds to 0.04 s, saying so", () => {
    const low = addExtend(freshState(), { ...pick, startSeconds: 0 }, proContext);
    expect(low.state.global.conditions.timed).toMatchObject({ startSeconds: 0.04 });
    expect(titles(low)).toEqual(['"Extend from" updated']);
    const rounded = addExtend(freshState(), { ...pick, startSeconds: 12.345 }, proContext);
    expect(rounded.state.global.conditions.timed).toMatchObject({ startSeconds: 12.36 });
    expect(titles(rounded)).toEqual(['"Extend from" updated']);
    const onStep = addExtend(freshState(), { ...pick, startSeconds: 12.36 }, proContext);
    expect(onStep.notices).toEqual([]);
    const noisy = addExtend(freshState(), { ...pick, startSeconds: 0.12 + 0.24 }, proContext);
    expect(noisy.state.global.conditions.timed).toMatchObject({ startSeconds: 0.36 });
    expect(noisy.notices).toEqual([]);
    const past = addExtend(freshState(), { ...pick, startSeconds: 130 }, proContext);
    expect(past.state.global.conditions.timed).toMatchObject({ startSeconds: 120 });
  });

  it("moving the start keeps the rules", () => {
    const extended = addExtend(freshState(), pick, proContext).state;
    const moved = moveExtendStart(extended, 45.01, 120, proContext);
    expect(moved.state.global.conditions.timed).toMatchObject({ startSeconds: 45 });
    expect(titles(moved)).toEqual(['"Extend from" updated']);
    expect(moveExtendStart(freshState(), 10, 120, proContext).state).toEqual(freshState());
  });

  it("replaces vocals or instrumental, saying so", () => {
    const result = addExtend(withConditions({}, { type: "underpaint", clipId: "v" }), pick, proContext);
    expect(result.state.global.conditions.timed?.type).toBe("extend");
    expect(titles(result)).toEqual(["Vocals/Instrumentals removed"]);
  });
});

describe("adding vocals or instrumental", () => {
  it("removes playlist, inspiration and persona", () => {
    const state = withConditions({ playlist, persona, inspiration: { clipIds: ["a", "b"] } });
    const result = addPainting(state, { type: "underpaint", clipId: "v" }, proContext);
    expect(result.state.global.conditions).toEqual({
      untimed: {},
      timed: { type: "underpaint", clipId: "v" },
    });
    expect(titles(result)).toEqual(["Inspiration removed", "Inspiration clips cleared", "Persona removed"]);
  });

  it("replaces an extend, saying so, and needs bluejay or newer", () => {
    const result = addPainting(
      withConditions({}, extendOf(), "chirp-v4"),
      { type: "overpaint", clipId: "b" },
      proContext,
    );
    expect(result.state.global.conditions.timed).toEqual({ type: "overpaint", clipId: "b" });
    expect(tierOf(result.state)).toBe("V4.5+");
    expect(titles(result)).toEqual(["Condition removed", "Model changed"]);
  });
});

describe("reusing styles and lyrics", () => {
  it("removes the timed condition and playlist and fills the form", () => {
    const state = withConditions({ playlist }, extendOf());
    const result = reuseStylesAndLyrics(
      state,
      { clipId: "r", styles: "funk", lyrics: "[Verse]\nla", settings: { weirdness: 80, styleInfluence: 30 } },
      proContext,
    );
    expect(result.state.global.conditions).toEqual({
      untimed: { reuseStylesLyrics: { clipId: "r" } },
      timed: null,
    });
    expect(result.state.custom).toMatchObject({
      reusedFromClipId: "r",
      styles: "funk",
      lyrics: "[Verse]\nla",
      weirdness: 80,
      styleInfluence: 30,
    });
    expect(titles(result)).toEqual(["Condition removed", "Inspiration removed"]);
  });

  it("cuts reused texts to the model's limits", () => {
    const long = "x".repeat(300);
    const result = reuseStylesAndLyrics(
      freshState("chirp-v3-5"),
      { clipId: "r", styles: long, lyrics: "", settings: { weirdness: 50, styleInfluence: 50 } },
      freeContext,
    );
    expect(result.state.custom.styles).toHaveLength(200);
    expect(titles(result)).toEqual(["Inputs truncated"]);
  });
});

describe("inspiration and sample clips", () => {
  it("inspiration clips replace the timed condition, at most 4 distinct", () => {
    const result = setInspirationClips(
      withConditions({}, extendOf()),
      ["a", "b", "a", "c", "d", "e"],
      proContext,
    );
    expect(result.state.global.conditions).toEqual({
      untimed: { inspiration: { clipIds: ["a", "b", "c", "d"] } },
      timed: null,
    });
    expect(titles(result)).toEqual(["Condition removed"]);
    const none = setInspirationClips(result.state, [], proContext);
    expect(none.state.global.conditions.untimed.inspiration).toBeUndefined();
  });

  it("sample clips also clear it, at most 10 distinct", () => {
    const ids = Array.from({ length: 12 }, (_, index) => `s${index}`);
    const result = setSampleClips(
      withConditions({}, { type: "overpaint", clipId: "b" }),
      [...ids, "s0"],
      proContext,
    );
    expect(result.state.global.conditions.untimed.sample?.clipIds).toEqual(ids.slice(0, 10));
    expect(result.state.global.conditions.timed).toBeNull();
    expect(titles(result)).toEqual(["Vocals/Instrumentals removed"]);
    expect(
      setSampleClips(result.state, [], proContext).state.global.conditions.untimed.sample,
    ).toBeUndefined();
  });
});

describe("conditions that arrive together", () => {
  it("extend with a playlist drops the playlist", () => {
    const result = reconcileConditions(withConditions({ playlist }, extendOf()), proContext);
    expect(result.state.global.conditions).toEqual({ untimed: {}, timed: extendOf() });
    expect(titles(result)).toEqual(["Inspiration removed"]);
  });

  it("a playlist with vocals or instrumental drops the playlist, then the timed condition", () => {
    const result = reconcileConditions(
      withConditions({ playlist }, { type: "overpaint", clipId: "b" }),
      proContext,
    );
    expect(result.state.global.conditions).toEqual({ untimed: {}, timed: null });
    expect(titles(result)).toEqual(["Inspiration removed", "Vocals/Instrumentals removed"]);
  });

  it("leaves compatible conditions alone", () => {
    const state = withConditions({ playlist });
    const result = reconcileConditions(state, proContext);
    expect(result.state.global.conditions).toEqual(state.global.conditions);
    expect(result.notices).toEqual([]);
  });
});

describe("simple mode and the continue clip", () => {
  it("turning simple mode on clears the continue clip", () => {
    const state = withConditions({}, extendOf());
    const result = setSimpleMode({ ...state, global: { ...state.global, mode: "custom" } }, true, proContext);
    expect(result.state.global.mode).toBe("simple");
    expect(result.state.global.conditions.timed).toBeNull();
    expect(titles(result)).toEqual(["Condition removed"]);
  });

  it("turning it off goes to custom and keeps the rest", () => {
    const result = setSimpleMode(freshState(), false, proContext);
    expect(result.state.global.mode).toBe("custom");
    expect(result.notices).toEqual([]);
  });
});

describe("the vox persona", () => {
  it("turns on beside a persona with the required defaults, and not without one", () => {
    const on = setVoxPersona(withConditions({ persona }), true, proContext);
    expect(on.state.global.conditions.untimed.voxPersona).toEqual({
      enabled: true,
      gptCfg: 2,
      diffusionCfg: 5,
    });
    expect(on.state.other.task).toBe("vox");
    expect(
      setVoxPersona(freshState(), true, proContext).state.global.conditions.untimed.voxPersona,
    ).toBeUndefined();
  });

  it("keeps the persona when a playlist is added, and goes with the persona", () => {
    const on = setVoxPersona(withConditions({ persona }), true, proContext).state;
    const withPlaylist = addPlaylist(on, playlist, proContext).state;
    expect(withPlaylist.global.conditions.untimed.persona).toEqual(persona);
    expect(withPlaylist.other.task).toBe("vox_playlist_condition");
    const cleared = clearPersona(on, proContext).state;
    expect(cleared.global.conditions.untimed.voxPersona).toBeUndefined();
  });

  it("turned off beside a playlist drops the persona, saying so", () => {
    const on = setVoxPersona(withConditions({ persona }), true, proContext).state;
    const off = setVoxPersona(addPlaylist(on, playlist, proContext).state, false, proContext);
    expect(off.state.global.conditions.untimed.persona).toBeUndefined();
    expect(off.state.global.conditions.untimed.voxPersona).toBeUndefined();
    expect(titles(off)).toEqual(["Persona removed"]);
    expect(off.state.other.task).toBe("playlist_condition");
  });
});

describe("adjust speed", () => {
  const song = { id: "s-1", title: "Night drive", metadata: { type: "gen", has_vocal: false } };
  const speeding = (state = freshState()) => {
    const result = startAdjustSpeed(state, song, proContext);
    if (result === null) throw new Error("expected the song to be sped up");
    return result.state;
  };

  it("opens adjust-speed mode on the song, with its title and the form's speed left as it was", () => {
    const before = { ...freshState(), adjustSpeed: { ...freshState().adjustSpeed, speedMultiplier: 1.5 } };
    const state = speeding(before);
    expect(state.global.mode).toBe("adjust_speed");
    expect(state.adjustSpeed).toEqual({
      clipId: "s-1",
      title: "Night drive",
      speedMultiplier: 1.5,
      keepPitch: false,
    });
  });

  it("is refused for uploads, their extends and songs with vocals, leaving the form alone", () => {
    for (const metadata of [
      { type: "upload", has_vocal: false },
      { type: "upload_extend", has_vocal: false },
      { type: "extend", task: "upload_extend", has_vocal: false },
      { type: "gen", has_vocal: true },
    ]) {
      expect(startAdjustSpeed(freshState(), { ...song, metadata }, proContext)).toBeNull();
    }
  });

  it("is left through the Custom tab and through the Simple tab", () => {
    const custom = setSimpleMode(speeding(), false, proContext);
    expect(custom.state.global.mode).toBe("custom");
    expect(custom.notices).toEqual([]);
    expect(setSimpleMode(speeding(), true, proContext).state.global.mode).toBe("simple");
  });

  it("keeps the custom fields and conditions for when the user comes back", () => {
    const state = custom(withConditions({ cover: { clipId: "c" } }), { lyrics: "la la" });
    const back = setSimpleMode(speeding(state), false, proContext).state;
    expect(back.custom.lyrics).toBe("la la");
    expect(back.global.conditions.untimed.cover).toEqual({ clipId: "c" });
  });

  it("leaves other modes (chat, the studio's) alone when the Custom tab is pressed", () => {
    const chat = { ...freshState(), global: { ...freshState().global, mode: "chat" as const } };
    expect(setSimpleMode(chat, false, proContext).state.global.mode).toBe("chat");
  });
});

describe("texts the user typed past a limit", () => {
  it("stay whole, without 'Inputs truncated', when switching Simple to Custom", () => {
    const state = { ...freshState("chirp-crow"), simple: { prompt: "d".repeat(600), instrumental: false } };
    const result = setSimpleMode(state, false, proContext);
    expect(result.state.global.mode).toBe("custom");
    expect(result.state.simple.prompt).toHaveLength(600);
    expect(result.notices).toEqual([]);
    // Back in simple mode the description is still the user's, for the form check to name.
    const back = setSimpleMode(result.state, true, proContext);
    expect(back.state.simple.prompt).toHaveLength(600);
    expect(back.notices).toEqual([]);
  });

  it("stay whole through a change that does not write them", () => {
    const state = custom(inMode(freshState("chirp-crow"), "custom"), { lyrics: "l".repeat(6000) });
    const result = addCover(state, { clipId: "c", clipTitle: "Song" }, proContext);
    expect(result.state.custom.lyrics).toHaveLength(6000);
    expect(titles(result)).toEqual([]);
  });
});

describe("model changes", () => {
  it("cut the texts to the new model's limits", () => {
    const state = custom(inMode(freshState("chirp-crow"), "custom"), {
      styles: "s".repeat(900),
      lyrics: "l".repeat(4000),
      title: "t",
    });
    const result = changeModel(state, "chirp-v3-5", proContext);
    expect(result.state.global.model).toBe("chirp-v3-5");
    expect(result.state.custom.styles).toHaveLength(200);
    expect(result.state.custom.lyrics).toHaveLength(3000);
    expect(result.state.custom.title).toBe("t");
    expect(titles(result)).toEqual(["Inputs truncated"]);
    expect(changeModel(freshState("chirp-crow"), "chirp-v4", proContext).notices).toEqual([]);
  });

  it("cut only what the mode sends: custom texts stay whole in simple mode, excluded styles when off", () => {
    const long = custom(freshState("chirp-crow"), {
      styles: "s".repeat(900),
      excludeStyles: "e".repeat(900),
    });
    const simple = changeModel(long, "chirp-v3-5", proContext);
    expect(simple.state.custom.styles).toHaveLength(900);
    expect(simple.notices).toEqual([]);
    const customMode = inMode(long, "custom");
    const excludeOff = changeModel(customMode, "chirp-v3-5", proContext);
    expect(excludeOff.state.custom.excludeStyles).toHaveLength(900);
    expect(excludeOff.state.custom.styles).toHaveLength(200);
  });

  it("cut to UTF-16 units as the server counts, never half a character", () => {
    const state = { ...freshState("chirp-crow"), simple: { prompt: "🎵".repeat(300), instrumental: false } };
    const result = changeModel(state, "chirp-v3-5", proContext);
    expect(result.state.simple.prompt).toBe("🎵".repeat(100));
    const odd = { ...state, simple: { prompt: `a${"🎵".repeat(300)}`, instrumental: false } };
    expect(changeModel(odd, "chirp-v3-5", proContext).state.simple.prompt).toBe(`a${"🎵".repeat(99)}`);
  });

  it("force a newer model when the chosen one does not support the conditions", () => {
    const state = withConditions({ playlist });
    const result = changeModel(state, "chirp-v4", proContext);
    expect(result.state.global.model).toBe("chirp-v4-5-plus");
    expect(titles(result)).toEqual(["Model changed"]);
  });

  it("leave mumble mode when moving away from bluejay or crow", () => {
    const mumbling = setMumbleMode(freshState("chirp-v4-5-plus"), true, proContext).state;
    expect(mumbling.other.mumbleMode).toBe(true);
    expect(changeModel(mumbling, "chirp-crow", proContext).state.other.mumbleMode).toBe(true);
    expect(changeModel(mumbling, "chirp-v4-5", proContext).state.other.mumbleMode).toBe(false);
    expect(setMumbleMode(freshState("chirp-v4"), true, proContext).state.other.mumbleMode).toBe(false);
  });
});
