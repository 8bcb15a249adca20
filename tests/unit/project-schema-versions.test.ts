import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  migrateProjectState,
  PROJECT_SCHEMA_VERSION,
  parseProjectState,
  type StudioProjectState,
} from "../../src/shared/project/index.ts";
import { beats } from "../../src/shared/time.ts";
import { loadProjectState, moveClip } from "../../src/studio/editing/index.ts";

const FIXTURES = join(import.meta.dirname, "../fixtures/project-state");

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as Record<string, unknown>;

/** What a save sends: the state checked as the server checks it, as JSON. */
const saved = (state: StudioProjectState): Record<string, unknown> =>
  JSON.parse(JSON.stringify(parseProjectState(state))) as Record<string, unknown>;

const noNewIds = () => {
  throw new Error("no clip should need a new id");
};

describe("project schema versions", () => {
  it("has a saved state of every version up to this one", () => {
    const versions = readdirSync(FIXTURES)
      .map((name) => /^v(\d+)\.json$/.exec(name)?.[1])
      .filter((version) => version !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: PROJECT_SCHEMA_VERSION }, (_, index) => index + 1));
  });

  it.each(Array.from({ length: PROJECT_SCHEMA_VERSION }, (_, index) => index + 1))(
    "loads a state saved by version %i as this version's project",
    (version) => {
      const state = loadProjectState(fixture(`v${version}.json`), noNewIds);
      expect(state.schemaVersion).toBe(PROJECT_SCHEMA_VERSION);
      expect(state).toMatchObject({ title: "Night drive", amplitude: 0.8, metronome: { enabled: true } });
      expect(state.selection.trackIds).toEqual(["t-drums"]);
      const [drums, bass] = state.tracks;
      expect(drums).toMatchObject({ name: "Drums", amplitude: 0.9, balance: -0.25, mute: false });
      expect(bass).toMatchObject({ name: "Bass", mute: true, clips: [] });
      expect(drums.clips.map((clip) => [clip.name, clip.startBeats, clip.endBeats])).toEqual([
        ["Beat", 0, 16],
        ["Fill", 16, 20],
      ]);
      expect(drums.clips[0].fadeInBeats).toBe(1);
      expect(drums.clips[1].transposition).toBe(-2);
    },
  );

  it("reads every version into the same project", () => {
    const states = [1, 2].map((version) => loadProjectState(fixture(`v${version}.json`), noNewIds));
    expect(states[0]).toEqual(states[1]);
  });

  it("migrates without touching the saved state it was given", () => {
    const v1 = fixture("v1.json");
    const before = structuredClone(v1);
    expect(migrateProjectState(v1)).toEqual({ ...before, schemaVersion: PROJECT_SCHEMA_VERSION });
    expect(v1).toEqual(before);
  });

  it("writes this version's number into every saved state", () => {
    expect(saved(loadProjectState(fixture("v1.json"), noNewIds)).schemaVersion).toBe(PROJECT_SCHEMA_VERSION);
  });

  it("keeps fields a newer version wrote through load, edit and save, and that version's number", () => {
    const loaded = loadProjectState(fixture("newer-v3.json"), noNewIds);
    const edited = moveClip(loaded, { trackId: "t-drums", clipId: "c-fill" }, beats(4));
    expect(edited).not.toBe(loaded);
    const out = saved(edited);
    expect(out.schemaVersion).toBe(3);
    expect(out.automationLanes).toEqual([
      {
        target: "master.amplitude",
        points: [
          [0, 1],
          [8, 0.5],
        ],
      },
    ]);
    const [drums] = out.tracks as {
      sends: unknown;
      clips: { id: string; startBeats: number; gainEnvelope?: unknown }[];
    }[];
    expect(drums.sends).toEqual([{ bus: "reverb", amount: 0.3 }]);
    expect(drums.clips.map((clip) => [clip.id, clip.startBeats])).toEqual([
      ["c-beat", 0],
      ["c-fill", 20],
    ]);
    expect(drums.clips[0].gainEnvelope).toEqual([
      [0, 0.5],
      [4, 1],
    ]);
  });

  it.each([
    [0, "schemaVersion"],
    [1.5, "schemaVersion"],
    ["2", "schemaVersion"],
  ])("refuses a schemaVersion of %j, naming the field", (schemaVersion, field) => {
    expect(() => parseProjectState({ ...fixture("v2.json"), schemaVersion })).toThrow(field);
  });
});
