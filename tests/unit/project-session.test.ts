import { describe, expect, it } from "vitest";
import { ProjectSession } from "../../src/engine/project-session.ts";
import { RenderPlanError } from "../../src/engine/render-plan-schema.ts";
import {
  newClip,
  newProjectState,
  newTrack,
  type StudioProjectState,
} from "../../src/shared/project/index.ts";

const RATE = 48_000;

function project(clipFields: Parameters<typeof newClip>[0] = {}): StudioProjectState {
  return newProjectState({
    tracks: [
      newTrack({
        id: "track-1",
        clips: [newClip({ id: "clip-1", clipId: "song-1", startBeats: 0, endBeats: 8, ...clipFields })],
      }),
    ],
  });
}

function loadedSession() {
  const session = new ProjectSession(RATE);
  session.loadSource("song-1", [new Float32Array(RATE * 10)]);
  return session;
}

describe("project session", () => {
  it("sends a track and a clip the first time and nothing when nothing changed", () => {
    const session = loadedSession();
    const first = session.update(project());
    expect(first.map((patch) => patch.op)).toEqual(["track", "clip", "master", "loop", "metronome"]);
    expect(session.update(project())).toEqual([]);
  });

  it("sends only what an edit changes", () => {
    const session = loadedSession();
    session.update(project());
    const patches = session.update(project({ amplitude: 0.5 }));
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ op: "clip", slot: 0, amplitude: 0.5 });
  });

  it("removes clips that went away and reuses their slots", () => {
    const session = loadedSession();
    session.update(project());
    const empty = newProjectState({ tracks: [newTrack({ id: "track-1" })] });
    expect(session.update(empty)).toContainEqual({ op: "clip-remove", slot: 0 });
    const again = session.update(project({ id: "clip-2" }));
    expect(again).toContainEqual(expect.objectContaining({ op: "clip", slot: 0 }));
  });

  it("leaves out clips whose audio is not loaded yet, and plays them once it is", () => {
    const session = new ProjectSession(RATE);
    expect(session.update(project()).some((patch) => patch.op === "clip")).toBe(false);
    session.loadSource("song-1", [new Float32Array(RATE)]);
    expect(session.update(project()).some((patch) => patch.op === "clip")).toBe(true);
  });

  it("refuses a plan with NaN positions with a clear error and keeps the last good plan", () => {
    const session = loadedSession();
    session.update(project());
    const good = session.plan;
    const broken = project();
    broken.tracks[0].clips[0].startBeats = Number.NaN;
    expect(() => session.update(broken)).toThrow(RenderPlanError);
    expect(() => session.update(broken)).toThrow(
      /Invalid render plan: clips\[0\]\.start: Invalid input: expected number, received NaN/,
    );
    expect(session.plan).toBe(good);
    // The engine still holds the good plan: an unchanged good state needs no patches.
    expect(session.update(project())).toEqual([]);
  });

  it("refuses negative fade lengths", () => {
    const session = loadedSession();
    const broken = project();
    broken.tracks[0].clips[0].fadeInBeats = -1;
    expect(() => session.update(broken)).toThrow(/fadeIn: must not be negative/);
  });

  it("refuses a source of 0 frames or mismatched channels", () => {
    const session = new ProjectSession(RATE);
    expect(() => session.loadSource("empty", [new Float32Array(0)])).toThrow(
      "Source empty must have one or two channels of equal, non-zero length",
    );
    expect(() => session.loadSource("odd", [new Float32Array(10), new Float32Array(9)])).toThrow(
      /equal, non-zero/,
    );
    expect(() =>
      session.loadSource(
        "many",
        [1, 2, 3].map(() => new Float32Array(10)),
      ),
    ).toThrow(/one or two channels/);
  });

  it("plays a solo take lane's clips in place of the track's", () => {
    const session = loadedSession();
    const state = project();
    state.tracks[0].takeLanes = [
      {
        id: "lane-2",
        name: "Version 2",
        clips: [newClip({ id: "take", clipId: "song-1", startBeats: 4, endBeats: 6 })],
        clipCreationIntents: [],
        unheardFor: null,
      },
    ];
    state.tracks[0].soloTakeLaneId = "lane-2";
    session.update(state);
    expect(session.plan?.clips.map((clip) => clip.id)).toEqual(["take"]);
  });
});
