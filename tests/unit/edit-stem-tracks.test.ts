import { describe, expect, it } from "vitest";
import {
  addStemTrack,
  DEFAULT_STEM_TRACK_HEIGHT,
  deleteStemTrack,
  duplicateStemTrack,
  moveStemTrack,
  openStemEditor,
  type StemEditorState,
  setAmplitude,
  setBalance,
  setHeight,
  stemTypeOf,
  toggleMute,
  toggleSolo,
} from "../../src/studio/edit/stem-tracks.ts";
import { commit, createHistory, redo, undo } from "../../src/studio/editing/index.ts";

const song = { clipId: "song", title: "My Song", seconds: 30, stemType: null };
const stem = (name: string) => ({
  clipId: `clip-${name}`,
  title: name,
  seconds: 30,
  stemType: stemTypeOf(name),
});

function editor(): StemEditorState {
  let next = 0;
  return openStemEditor(song, [stem("Vocals"), stem("Drums"), stem("Bass")], () => `t${next++}`);
}

const names = (state: StemEditorState) => state.tracks.map((track) => track.name);
const soloed = (state: StemEditorState) =>
  state.tracks.filter((track) => track.solo).map((track) => track.name);

describe("the stem editor's tracks", () => {
  it("opens with the full song first and each stem below, at unity, centred, 80 px high", () => {
    const state = editor();
    expect(names(state)).toEqual(["My Song", "Vocals", "Drums", "Bass"]);
    expect(state.tracks[0].fullSong).toBe(true);
    expect(state.tracks.map((track) => track.stemType)).toEqual([null, "Vocals", "Drums", "Bass"]);
    for (const track of state.tracks) {
      expect(track).toMatchObject({ amplitude: 1, balance: 0, solo: false, mute: false, height: 80 });
      expect(track.arrangedClips).toHaveLength(1);
    }
    expect(DEFAULT_STEM_TRACK_HEIGHT).toBe(80);
  });

  it("reads stem types from their labels", () => {
    expect(stemTypeOf("backing vocals")).toBe("Backing_Vocals");
    expect(stemTypeOf("FX")).toBe("FX");
    expect(stemTypeOf("lead")).toBeNull();
    expect(stemTypeOf(null)).toBeNull();
  });

  it("adds at the end, deletes and duplicates stems, never the full song", () => {
    const state = editor();
    const added = addStemTrack(state, stem("Guitar"), "t9");
    expect(names(added)).toEqual(["My Song", "Vocals", "Drums", "Bass", "Guitar"]);
    expect(names(deleteStemTrack(added, "t2"))).toEqual(["My Song", "Vocals", "Bass", "Guitar"]);
    expect(deleteStemTrack(state, "t0")).toBe(state);
    const copied = duplicateStemTrack(state, "t1", "copy");
    expect(names(copied)).toEqual(["My Song", "Vocals", "Vocals (copy)", "Drums", "Bass"]);
    expect(copied.tracks[2].arrangedClips[0].clipId).toBe("clip-Vocals");
    expect(copied.tracks[2].arrangedClips[0].id).not.toBe(copied.tracks[1].arrangedClips[0].id);
    expect(duplicateStemTrack(state, "t0", "copy")).toBe(state);
  });

  it("reorders stems below the full song, which never moves", () => {
    const state = editor();
    expect(names(moveStemTrack(state, "t3", 1))).toEqual(["My Song", "Bass", "Vocals", "Drums"]);
    expect(names(moveStemTrack(state, "t3", 0))).toEqual(["My Song", "Bass", "Vocals", "Drums"]);
    expect(names(moveStemTrack(state, "t1", 99))).toEqual(["My Song", "Drums", "Bass", "Vocals"]);
    expect(moveStemTrack(state, "t0", 2)).toBe(state);
    expect(moveStemTrack(state, "t2", 2)).toBe(state);
  });

  it("solos exclusively, or adds to the solos with the multi-select modifier", () => {
    const state = editor();
    const vocals = toggleSolo(state, "t1", false);
    expect(soloed(vocals)).toEqual(["Vocals"]);
    const drumsInstead = toggleSolo(vocals, "t2", false);
    expect(soloed(drumsInstead)).toEqual(["Drums"]);
    const both = toggleSolo(vocals, "t2", true);
    expect(soloed(both)).toEqual(["Vocals", "Drums"]);
    expect(soloed(toggleSolo(both, "t1", true))).toEqual(["Drums"]);
    // Without the modifier, a solo among several becomes the only one; the only one turns off.
    expect(soloed(toggleSolo(both, "t1", false))).toEqual(["Vocals"]);
    expect(soloed(toggleSolo(vocals, "t1", false))).toEqual([]);
  });

  it("mutes, sets level, balance and height within their ranges, unchanged when nothing changes", () => {
    let state = editor();
    state = toggleMute(state, "t2");
    expect(state.tracks[2].mute).toBe(true);
    state = setAmplitude(state, "t2", 1.7);
    expect(state.tracks[2].amplitude).toBe(1);
    expect(setAmplitude(state, "t2", 1)).toBe(state);
    state = setBalance(state, "t2", -3);
    expect(state.tracks[2].balance).toBe(-1);
    state = setHeight(state, "t2", 160);
    expect(state.tracks[2].height).toBe(160);
    expect(setHeight(state, "t2", 160)).toBe(state);
  });

  it("undoes and redoes through the studio's history", () => {
    let history = createHistory(editor());
    history = commit(history, deleteStemTrack(history.present, "t1"));
    history = commit(history, toggleSolo(history.present, "t2", false));
    expect(names(history.present)).toEqual(["My Song", "Drums", "Bass"]);
    history = undo(history);
    expect(soloed(history.present)).toEqual([]);
    history = undo(history);
    expect(names(history.present)).toEqual(["My Song", "Vocals", "Drums", "Bass"]);
    history = redo(history);
    expect(names(history.present)).toEqual(["My Song", "Drums", "Bass"]);
  });
});
