import { describe, expect, it } from "vitest";
import {
  EMPTY_TRACKS_MESSAGE,
  FIXED_REPLACE_TOO_LONG,
  generateBlockingMessage,
  SELECT_RANGE_TO_REPLACE,
} from "../../src/shared/studio-generate/blocking-messages.ts";
import {
  chooseGenerateMode,
  DEFAULT_END_SELECTION_MODE,
  DEFAULT_REPLACE_MODE,
  type ModeInput,
  rangeSurroundings,
} from "../../src/shared/studio-generate/generate-mode.ts";
import {
  contextRange,
  DEFAULT_CONTEXT_WINDOW_BEATS,
  editInfillToolShown,
  isFullContextInfill,
} from "../../src/shared/studio-generate/infill-context.ts";

const clips = [
  { startBeats: 0, endBeats: 16 },
  { startBeats: 32, endBeats: 48 },
];

const mode = (start: number, end: number, extra: Partial<ModeInput> = {}) =>
  chooseGenerateMode({
    ...rangeSurroundings(clips, start, end),
    editMode: false,
    endSelectionMode: DEFAULT_END_SELECTION_MODE,
    ...extra,
  });

describe("generate mode from the selection", () => {
  it("replaces when the range overlaps a clip, even partly", () => {
    expect(mode(4, 8)).toBe("replace");
    expect(mode(12, 20)).toBe("replace");
    expect(mode(14, 40)).toBe("replace");
  });

  it("creates in a gap with clips on both sides, and before all content", () => {
    expect(mode(16, 32)).toBe("create");
    expect(mode(20, 24)).toBe("create");
    expect(
      chooseGenerateMode({
        ...rangeSurroundings([{ startBeats: 8, endBeats: 16 }], 0, 8),
        editMode: false,
        endSelectionMode: "replace",
      }),
    ).toBe("create");
  });

  it("at the end of the content follows the end-selection setting (replace by default), extend in edit mode", () => {
    expect(DEFAULT_END_SELECTION_MODE).toBe("replace");
    expect(mode(48, 64)).toBe("replace");
    expect(mode(48, 64, { endSelectionMode: "extend" })).toBe("extend");
    expect(mode(56, 64, { editMode: true })).toBe("extend");
  });

  it("has no mode over empty tracks", () => {
    expect(
      chooseGenerateMode({ ...rangeSurroundings([], 0, 8), editMode: false, endSelectionMode: "replace" }),
    ).toBeNull();
  });

  it("defaults replace to smart infill", () => {
    expect(DEFAULT_REPLACE_MODE).toBe("smart_infill");
  });
});

describe("generate-blocking messages", () => {
  const blocked = (input: Partial<Parameters<typeof generateBlockingMessage>[0]>) =>
    generateBlockingMessage({
      mode: "replace",
      editMode: false,
      replaceMode: "smart_infill",
      lengthSeconds: 10,
      ...input,
    });

  it("refuses empty tracks outside edit mode", () => {
    expect(blocked({ mode: null })).toBe(EMPTY_TRACKS_MESSAGE);
    expect(EMPTY_TRACKS_MESSAGE).toBe("Use Instrument mode to add content to empty tracks.");
    expect(blocked({ mode: null, editMode: true })).toBeNull();
  });

  it("keeps create between 2 and 120 seconds, saying the current length", () => {
    expect(blocked({ mode: "create", lengthSeconds: 1.4 })).toBe(
      "Selection must be at least 2 seconds long (currently 1.4 seconds)",
    );
    expect(blocked({ mode: "create", lengthSeconds: 0 })).toBe(
      "Selection must be at least 2 seconds long (currently 0 seconds)",
    );
    expect(blocked({ mode: "create", lengthSeconds: 2 })).toBeNull();
    expect(blocked({ mode: "create", lengthSeconds: 120 })).toBeNull();
    expect(blocked({ mode: "create", lengthSeconds: 120.4 })).toBe(
      "Selection must be at most 120 seconds long (currently 120.4 seconds)",
    );
  });

  it("asks for a range to replace at 0.01 s or less", () => {
    expect(blocked({ lengthSeconds: 0.01 })).toBe(SELECT_RANGE_TO_REPLACE);
    expect(SELECT_RANGE_TO_REPLACE).toBe("Select a range of time to replace");
    expect(blocked({ lengthSeconds: 0.011 })).toBeNull();
  });

  it("limits fixed replace to 26 seconds", () => {
    expect(FIXED_REPLACE_TOO_LONG).toBe('Selection must be at most 26 seconds long in "Fixed" replace mode');
    expect(blocked({ replaceMode: "fixed", lengthSeconds: 26 })).toBeNull();
    expect(blocked({ replaceMode: "fixed", lengthSeconds: 26.2 })).toBe(FIXED_REPLACE_TOO_LONG);
    expect(blocked({ replaceMode: "fixed", lengthSeconds: 0.005 })).toBe(SELECT_RANGE_TO_REPLACE);
  });

  it("keeps classic replace between 2 and 120 seconds and smart infill at most 120", () => {
    expect(blocked({ replaceMode: "classic", lengthSeconds: 1.8 })).toBe(
      "Selection must be at least 2 seconds long (currently 1.8 seconds)",
    );
    expect(blocked({ replaceMode: "classic", lengthSeconds: 121 })).toBe(
      "Selection must be at most 120 seconds long (currently 121 seconds)",
    );
    expect(blocked({ replaceMode: "smart_infill", lengthSeconds: 1 })).toBeNull();
    expect(blocked({ replaceMode: "smart_infill", lengthSeconds: 130.25 })).toBe(
      "Selection must be at most 120 seconds long (currently 130.3 seconds)",
    );
  });

  it("puts no limit on extend", () => {
    expect(blocked({ mode: "extend", lengthSeconds: 0 })).toBeNull();
    expect(blocked({ mode: "extend", lengthSeconds: 600 })).toBeNull();
  });
});

describe("infill context", () => {
  const content = { startBeats: 0, endBeats: 200 };

  it("takes a 32-beat window each side in classic replace, clamped to the content", () => {
    expect(DEFAULT_CONTEXT_WINDOW_BEATS).toBe(32);
    const window = DEFAULT_CONTEXT_WINDOW_BEATS;
    expect(
      contextRange({ range: { startBeats: 64, endBeats: 96 }, content, windowBeats: window, extend: false }),
    ).toEqual({
      startBeats: 32,
      endBeats: 128,
    });
    expect(
      contextRange({ range: { startBeats: 8, endBeats: 190 }, content, windowBeats: window, extend: false }),
    ).toEqual({
      startBeats: 0,
      endBeats: 200,
    });
  });

  it("takes all the content without a window, and only what precedes an extend", () => {
    expect(
      contextRange({ range: { startBeats: 64, endBeats: 96 }, content, windowBeats: null, extend: false }),
    ).toEqual(content);
    expect(
      contextRange({ range: { startBeats: 200, endBeats: 232 }, content, windowBeats: null, extend: true }),
    ).toEqual({
      startBeats: 0,
      endBeats: 200,
    });
  });

  it("ends an extend's context at the content's end when the selection starts past it", () => {
    expect(
      contextRange({ range: { startBeats: 216, endBeats: 232 }, content, windowBeats: null, extend: true }),
    ).toEqual({
      startBeats: 0,
      endBeats: 200,
    });
  });

  it("never starts the context after the range nor ends it before (a range past the content)", () => {
    expect(
      contextRange({ range: { startBeats: 210, endBeats: 220 }, content, windowBeats: 32, extend: false }),
    ).toEqual({
      startBeats: 178,
      endBeats: 220,
    });
  });

  it("detects full context within 0.02 s, only with all four boundaries", () => {
    const bounds = {
      infillStartSeconds: 10,
      infillEndSeconds: 20,
      contextStartSeconds: 0.02,
      contextEndSeconds: 59.98,
    };
    expect(isFullContextInfill(bounds, 60)).toBe(true);
    expect(isFullContextInfill({ ...bounds, contextStartSeconds: 0.021 }, 60)).toBe(false);
    expect(isFullContextInfill({ ...bounds, contextEndSeconds: 59.97 }, 60)).toBe(false);
    expect(isFullContextInfill({ ...bounds, infillEndSeconds: undefined }, 60)).toBe(false);
  });

  it("shows the edit page's replace-section tool from 5 seconds", () => {
    expect(editInfillToolShown(4.99)).toBe(false);
    expect(editInfillToolShown(5)).toBe(true);
  });
});
