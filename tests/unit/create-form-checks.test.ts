import { describe, expect, it } from "vitest";
import { MODELS, modelByKey } from "../../src/shared/api/billing.ts";
import type { Conditions } from "../../src/shared/create/conditions.ts";
import {
  type CreditStanding,
  EXCLUDED_STYLES_MAX_LENGTH,
  formCheckProblem,
} from "../../src/shared/create/form-checks.ts";
import type { CreateFormState } from "../../src/shared/create/form-state.ts";
import { freshState, persona } from "./create-fixtures.ts";

const lengths = modelByKey("chirp-v3-5")?.max_lengths ?? MODELS[0].max_lengths;
const funded: CreditStanding = { credits: 50, exempt: false };

const customState = (
  values: Partial<CreateFormState["custom"]> = {},
  conditions?: Conditions,
): CreateFormState => {
  const state = freshState("chirp-v3-5");
  return {
    ...state,
    global: { ...state.global, mode: "custom", conditions: conditions ?? state.global.conditions },
    custom: { ...state.custom, ...values },
  };
};
const simpleState = (prompt: string): CreateFormState => {
  const state = freshState("chirp-v3-5");
  return { ...state, global: { ...state.global, mode: "simple" }, simple: { prompt, instrumental: false } };
};
const check = (state: CreateFormState, standing = funded) => formCheckProblem(state, standing, lengths);

describe("form checks before generating", () => {
  it("1. credits: out at zero or below, insufficient below 1, exempt users skip", () => {
    const valid = customState({ styles: "rock" });
    expect(check(valid, { credits: 0, exempt: false })).toBe("Out of credits.");
    expect(check(valid, { credits: -5, exempt: false })).toBe("Out of credits.");
    expect(check(valid, { credits: 0.5, exempt: false })).toBe("Insufficient credits.");
    expect(check(valid, { credits: 1, exempt: false })).toBeNull();
    expect(check(valid, { credits: 0, exempt: true })).toBeNull();
  });

  it("2. adjust speed without a clip", () => {
    const state = freshState();
    const speed = { ...state, global: { ...state.global, mode: "adjust_speed" as const } };
    expect(check(speed)).toBe("No clip selected");
    expect(check({ ...speed, adjustSpeed: { ...speed.adjustSpeed, clipId: "c" } })).toBeNull();
  });

  it("3. custom mode with nothing to create from", () => {
    expect(check(customState())).toBe("Enter styles or lyrics to create");
    expect(check(customState({ styles: "   ", lyrics: "\n" }))).toBe("Enter styles or lyrics to create");
    for (const values of [
      { lyrics: "la" },
      { lyricsPrompt: "summer" },
      { styles: "rock" },
      { excludeStyles: "metal" },
    ]) {
      expect(check(customState(values))).toBeNull();
    }
  });

  it("3. excluded styles count only when the exclude-style toggle is on", () => {
    const state = customState({ excludeStyles: "metal" });
    expect(check({ ...state, other: { ...state.other, excludeStylesEnabled: false } })).toBe(
      "Enter styles or lyrics to create",
    );
  });

  it("3. a condition lets a custom song go without texts; inspiration only with clips", () => {
    const conditions: Conditions[] = [
      { untimed: { cover: { clipId: "c" } }, timed: null },
      { untimed: { persona }, timed: null },
      { untimed: { playlist: { playlistId: "p", playlistName: "P" } }, timed: null },
      { untimed: { inspiration: { clipIds: ["a"] } }, timed: null },
      { untimed: {}, timed: { type: "extend", clipId: "e", startSeconds: 4, isUpload: false } },
      { untimed: {}, timed: { type: "overpaint", clipId: "o" } },
      { untimed: {}, timed: { type: "underpaint", clipId: "u" } },
    ];
    for (const condition of conditions) expect(check(customState({}, condition))).toBeNull();
    expect(check(customState({}, { untimed: { inspiration: { clipIds: [] } }, timed: null }))).toBe(
      "Enter styles or lyrics to create",
    );
    expect(check(customState({}, { untimed: { sample: { clipIds: ["s"] } }, timed: null }))).toBe(
      "Enter styles or lyrics to create",
    );
  });

  it("4-6. lengths against the shared limit and the billing model's, at the boundary", () => {
    expect(EXCLUDED_STYLES_MAX_LENGTH).toBe(1000);
    for (const model of MODELS) expect(model.max_lengths.negative_tags).toBe(EXCLUDED_STYLES_MAX_LENGTH);
    expect(check(customState({ excludeStyles: "x".repeat(1000) }))).toBeNull();
    expect(check(customState({ excludeStyles: "x".repeat(1001) }))).toBe("Excluded styles are too long");
    expect(check(customState({ styles: "x".repeat(lengths.tags) }))).toBeNull();
    expect(check(customState({ styles: "x".repeat(lengths.tags + 1) }))).toBe("Styles are too long");
    expect(check(customState({ lyrics: "x".repeat(lengths.prompt) }))).toBeNull();
    expect(check(customState({ lyrics: "x".repeat(lengths.prompt + 1) }))).toBe("Lyrics are too long");
  });

  it("7. simple mode: a description within its limit", () => {
    expect(check(simpleState(""))).toBe("Enter a description to create");
    expect(check(simpleState("  "))).toBe("Enter a description to create");
    expect(check(simpleState("x".repeat(lengths.gpt_description_prompt)))).toBeNull();
    expect(check(simpleState("x".repeat(lengths.gpt_description_prompt + 1)))).toBe(
      "Description is too long",
    );
  });

  it("the first failing check wins", () => {
    const everythingWrong = customState({
      excludeStyles: "x".repeat(1001),
      styles: "x".repeat(lengths.tags + 1),
      lyrics: "x".repeat(lengths.prompt + 1),
    });
    expect(check(everythingWrong, { credits: 0, exempt: false })).toBe("Out of credits.");
    expect(check(everythingWrong)).toBe("Excluded styles are too long");
    expect(check({ ...everythingWrong, custom: { ...everythingWrong.custom, excludeStyles: "" } })).toBe(
      "Styles are too long",
    );
    expect(
      check({ ...everythingWrong, custom: { ...everythingWrong.custom, excludeStyles: "", styles: "rock" } }),
    ).toBe("Lyrics are too long");
    const speed = {
      ...everythingWrong,
      global: { ...everythingWrong.global, mode: "adjust_speed" as const },
    };
    expect(check(speed, { credits: 0.5, exempt: false })).toBe("Insufficient credits.");
    expect(check(speed)).toBe("No clip selected");
  });

  it("counts UTF-16 units, as the server does", () => {
    expect(check(customState({ styles: "🎵".repeat(lengths.tags / 2) }))).toBeNull();
    expect(check(customState({ styles: `${"🎵".repeat(lengths.tags / 2)}x` }))).toBe("Styles are too long");
  });
});
