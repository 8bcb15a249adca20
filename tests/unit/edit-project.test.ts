import { describe, expect, it } from "vitest";
import {
  editModeProject,
  selectionRangeOf,
  stemMixProject,
  stemMixSources,
  withSelectionRange,
} from "../../src/studio/edit/edit-project.ts";
import {
  duplicateStemTrack,
  openStemEditor,
  toggleMute,
  toggleSolo,
} from "../../src/studio/edit/stem-tracks.ts";
import { deleteSelectedTracks } from "../../src/studio/editing/index.ts";

const CLIP = { id: "song-1", title: "Edit Me", metadata: { duration: 30, avg_bpm: 120 } };

describe("the editor's studio projects", () => {
  it("puts the song alone on one track in edit mode, at unity and centred", () => {
    const project = editModeProject(CLIP, "session-1");
    expect(project).toMatchObject({ editClipId: "song-1", editSessionId: "session-1", title: "Edit Me" });
    expect(project.tracks).toHaveLength(1);
    expect(project.tracks[0]).toMatchObject({ amplitude: 1, balance: 0, mute: false, solo: false });
    expect(project.tracks[0].clips[0]).toMatchObject({ clipId: "song-1", startBeats: 0, endBeats: 60 });
    expect(editModeProject({ ...CLIP, title: " " }, "s").title).toBe("Untitled");
  });

  it("refuses to delete the one track, as the studio does in one-track mode", () => {
    const project = editModeProject(CLIP, "session-1");
    const result = deleteSelectedTracks(project);
    expect(result.state.tracks).toHaveLength(1);
    expect(result.message).toBe("The last track cannot be deleted in one-track mode.");
  });

  it("reads and writes the time selection in seconds, snapped to 0.2 s", () => {
    const project = editModeProject(CLIP, "session-1");
    expect(selectionRangeOf(project)).toBeNull();
    const selected = withSelectionRange(project, { start: 2.5, end: 10.04 });
    expect(selected.selection.anchorBeats).toBeCloseTo(5);
    expect(selectionRangeOf(selected)).toEqual({ start: 2.6, end: 10 });
    expect(selectionRangeOf(withSelectionRange(project, { start: 1, end: 6.41 }))).toEqual({
      start: 1,
      end: 6.4,
    });
    expect(selectionRangeOf(withSelectionRange(project, null))).toBeNull();
  });

  it("plays the stem editor's tracks as a mix with their levels and solos", () => {
    let next = 0;
    const song = { clipId: "song-1", title: "Edit Me", seconds: 30, stemType: null };
    const stems = [{ clipId: "stem-1", title: "Drums", seconds: 30, stemType: "Drums" as const }];
    const state = toggleSolo(
      openStemEditor(song, stems, () => `t${next++}`),
      "t1",
      false,
    );
    const project = stemMixProject(state, 2, "Edit Me");
    expect(project.editClipId).toBeNull();
    expect(project.tracks.map((track) => [track.name, track.solo, track.height])).toEqual([
      ["Edit Me", false, 80],
      ["Drums", true, 80],
    ]);
    expect(project.tracks[1].clips[0]).toMatchObject({ clipId: "stem-1", startBeats: 0, endBeats: 60 });
  });

  it("names what a saved stem mix is made of: the clips heard, each once", () => {
    let next = 0;
    const song = { clipId: "song-1", title: "Edit Me", seconds: 30, stemType: null };
    const stem = (name: string) => ({ clipId: `stem-${name}`, title: name, seconds: 30, stemType: null });
    const state = duplicateStemTrack(
      openStemEditor(song, [stem("Vocals"), stem("Drums"), stem("Bass")], () => `t${next++}`),
      "t1",
      "copy",
    );
    const sources = (s: typeof state) => stemMixSources(s, "song-1").combined_from_clip_ids;
    expect(stemMixSources(state, "song-1")).toEqual({
      stem_remix_of_clip_id: "song-1",
      combined_from_clip_ids: ["song-1", "stem-Vocals", "stem-Drums", "stem-Bass"],
    });
    const withoutSong = toggleMute(toggleMute(state, "t0"), "t3");
    expect(sources(withoutSong)).toEqual(["stem-Vocals", "stem-Drums"]);
    // Once a track is soloed only soloed tracks are heard; a muted one stays silent, soloed or not.
    expect(sources(toggleSolo(toggleSolo(withoutSong, "t2", false), "t3", true))).toEqual(["stem-Drums"]);
  });
});
