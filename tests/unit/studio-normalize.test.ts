import { describe, expect, it } from "vitest";
import { INVALID_PROJECT_STATE_FORMAT, parseProjectState } from "../../src/shared/project/index.ts";
import {
  dropUnreadableClips,
  loadProjectState,
  normalizeProjectState,
} from "../../src/studio/editing/index.ts";
import { clip, counter, deepFreeze, intent, project, track } from "./studio-fixtures.ts";

const raw = (tracks: unknown[], extra: Record<string, unknown> = {}) =>
  deepFreeze({ timing: {}, selection: {}, tracks, ...extra });

describe("load normalisation", () => {
  it("drops near-zero-length clips, and clips ending before they start", () => {
    const state = project([
      track("t1", [
        clip("a", 0, 4),
        clip("b", 5, 5 + 1e-7),
        clip("c", 8, 8),
        clip("d", 12, 10),
        clip("e", 12, 16),
      ]),
    ]);
    expect(normalizeProjectState(state, counter()).tracks[0].clips).toEqual([
      clip("a", 0, 4),
      clip("e", 12, 16),
    ]);
  });

  it("sorts clips by start", () => {
    const state = project([track("t1", [clip("c", 20, 24), clip("a", 0, 4), clip("b", 8, 12)])]);
    expect(normalizeProjectState(state, counter()).tracks[0].clips.map((each) => each.id)).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  it("trims overlaps: the earlier clip ends where the later one starts", () => {
    const state = project([
      track("t1", [
        clip("a", 0, 10, { fadeOutBeats: 4 }),
        clip("b", 6, 12),
        clip("c", 8, 9),
        clip("d", 20, 24),
        clip("e", 20, 22),
      ]),
    ]);
    expect(normalizeProjectState(state, counter()).tracks[0].clips).toEqual([
      clip("a", 0, 6, { fadeOutBeats: 4 }),
      clip("b", 6, 8),
      clip("c", 8, 9),
      clip("e", 20, 22),
    ]);
  });

  it("gives a clip id used before anywhere in the project, take lanes included, a new id", () => {
    const state = project([
      track("t1", [clip("a", 0, 4), clip("a", 4, 8)], {
        takeLanes: [
          { id: "L", name: "Original", clips: [clip("a", 0, 4), clip("x", 4, 8)], clipCreationIntents: [] },
        ],
      }),
      track("t2", [clip("x", 0, 4)]),
    ]);
    const next = normalizeProjectState(state, counter());
    expect(next.tracks[0].clips).toEqual([clip("a", 0, 4), clip("n1", 4, 8)]);
    expect(next.tracks[0].takeLanes[0].clips).toEqual([clip("n2", 0, 4), clip("x", 4, 8)]);
    expect(next.tracks[1].clips).toEqual([clip("n3", 0, 4)]);
  });

  it("drops unresolved clips", () => {
    const state = project([track("t1", [clip("a", 0, 4, { resolved: false }), clip("b", 2, 6)])]);
    expect(normalizeProjectState(state, counter()).tracks[0].clips).toEqual([clip("b", 2, 6)]);
  });

  it("drops creation intents with no possible clips and no queued generation", () => {
    const waiting = [
      intent("q", 0, 4),
      intent("qs", 0, 4, { queuedGenerationId: null, queuedGenerationIds: ["g1"] }),
      intent("p", 0, 4, { queuedGenerationId: null, possibleClipIds: ["song"] }),
    ];
    const idle = intent("idle", 0, 4, { queuedGenerationId: null });
    const state = project([
      track("t1", [], {
        clipCreationIntents: [...waiting, idle],
        takeLanes: [{ id: "L", name: "Version 1", clips: [], clipCreationIntents: [idle, waiting[0]] }],
      }),
    ]);
    const next = normalizeProjectState(state, counter());
    expect(next.tracks[0].clipCreationIntents).toEqual(waiting);
    expect(next.tracks[0].takeLanes[0].clipCreationIntents).toEqual([waiting[0]]);
  });

  it("keeps only the first track in edit mode, at unity gain, centred, unmuted and not soloed", () => {
    const state = project(
      [
        track("t1", [clip("a", 0, 4)], {
          amplitude: 0.3,
          balance: -0.5,
          mute: true,
          solo: true,
          name: "Song",
        }),
        track("t2"),
      ],
      { trackIds: ["t1", "t2"], focusedTrackId: "t2" },
      { editClipId: "song" },
    );
    expect(normalizeProjectState(state, counter())).toEqual({
      ...state,
      tracks: [{ ...state.tracks[0], amplitude: 1, balance: 0, mute: false, solo: false }],
      selection: { ...state.selection, trackIds: ["t1"], focusedTrackId: null },
    });
  });

  it("keeps every track and its mix outside edit mode", () => {
    const state = project([track("t1", [], { amplitude: 0.3, mute: true }), track("t2")], {
      trackIds: ["t2"],
    });
    expect(normalizeProjectState(state, counter())).toEqual(state);
  });

  it("is idempotent", () => {
    const state = project([
      track("t1", [
        clip("c", 20, 24),
        clip("a", 0, 10),
        clip("b", 6, 12),
        clip("a", 30, 31),
        clip("z", 40, 40),
      ]),
    ]);
    const once = normalizeProjectState(state, counter());
    expect(normalizeProjectState(once, counter("m"))).toEqual(once);
  });
});

describe("dropUnreadableClips (raw saved JSON)", () => {
  const good = { id: "a", startBeats: 0, endBeats: 4 };

  it("drops clips whose read start or loop ends are NaN, null or not numbers, in tracks and take lanes", () => {
    const input = raw([
      {
        id: "t1",
        clips: [
          good,
          { id: "b", startBeats: 4, endBeats: 8, readStartBeats: Number.NaN },
          { id: "c", startBeats: 4, endBeats: 8, readStartBeats: null },
          { id: "d", startBeats: 4, endBeats: 8, loop: { startBeats: Number.NaN } },
          { id: "e", startBeats: 4, endBeats: 8, loop: { enabled: true, startBeats: 0, endBeats: "x" } },
          { id: "f", startBeats: 4, endBeats: 8, readStartBeats: Number.POSITIVE_INFINITY },
        ],
        takeLanes: [{ id: "L", name: "Original", clips: [{ ...good, loop: { endBeats: null } }, good] }],
      },
    ]);
    expect(dropUnreadableClips(input)).toEqual(
      raw([{ id: "t1", clips: [good], takeLanes: [{ id: "L", name: "Original", clips: [good] }] }]),
    );
  });

  it("returns what is not shaped like a project as it came", () => {
    for (const value of [null, 5, "text", [], { tracks: "none" }])
      expect(dropUnreadableClips(value)).toBe(value);
    const odd = raw(["not a track", { id: "t1", clips: "none" }, { id: "t2", clips: [5] }]);
    expect(dropUnreadableClips(odd)).toEqual(odd);
  });
});

describe("loadProjectState", () => {
  it("drops NaN clips before parsing, which would refuse them, then normalises", () => {
    const input = raw([
      {
        id: "t1",
        clips: [
          { id: "b", startBeats: 8, endBeats: 12 },
          { id: "a", startBeats: 0, endBeats: 10, readStartBeats: 1 },
          { id: "x", startBeats: 0, endBeats: 4, readStartBeats: Number.NaN },
          { id: "b", startBeats: 20, endBeats: 24 },
        ],
      },
    ]);
    expect(() => parseProjectState(input)).toThrow(/readStartBeats/);
    expect(loadProjectState(input, counter())).toEqual(
      project([track("t1", [clip("a", 0, 8, { readStartBeats: 1 }), clip("b", 8, 12), clip("n1", 20, 24)])]),
    );
  });

  it("still refuses a state without timing, tracks or selection", () => {
    for (const part of ["timing", "tracks", "selection"]) {
      const input: Record<string, unknown> = { timing: {}, tracks: [], selection: {} };
      delete input[part];
      expect(() => loadProjectState(input, counter())).toThrow(INVALID_PROJECT_STATE_FORMAT);
    }
    expect(() => loadProjectState(null, counter())).toThrow(INVALID_PROJECT_STATE_FORMAT);
  });
});
