// The studio generation's project edits: the intent and its queued generation, the results placed
// over a range partly covered by clips (one onto the track, four into take lanes), and completion.

import { describe, expect, it } from "vitest";
import {
  addCreationIntent,
  completeStreamingSong,
  dropPossibleClip,
  dropQueuedGeneration,
  type GeneratedSong,
  placeResults,
  settleQueuedGeneration,
} from "../../src/studio/generate/intent-edits.ts";
import { clip, counter, deepFreeze, project, track } from "./studio-fixtures.ts";

/** Clip a covers beats 0..12 and b 20..40; the range 8..24 overlaps the end of a and the start of b. */
const base = () => project([track("t", [clip("a", 0, 12), clip("b", 20, 40, { readStartBeats: 4 })])]);
const range = { trackId: "t", startBeats: 8, endBeats: 24 };

const withIntent = () =>
  deepFreeze(addCreationIntent(base(), range, { intentId: "i", queuedGenerationId: "q" }, "", 16));

const songs = (count: number): GeneratedSong[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `song-${index + 1}`,
    title: `Take ${index + 1}`,
    streaming: true,
  }));

const place = (count: number) =>
  placeResults(
    settleQueuedGeneration(
      withIntent(),
      "i",
      songs(count).map((song) => song.id),
    ),
    { intentId: "i", range, readStartBeats: 6, songs: songs(count), userId: "me", openLengthBeats: 32 },
    counter(),
  );

describe("the clip creation intent and its queued generation", () => {
  it("appears at once over the range, waiting on the queued generation", () => {
    const [intent] = withIntent().tracks[0].clipCreationIntents;
    expect(intent).toMatchObject({
      id: "i",
      startBeats: 8,
      endBeats: 24,
      queuedGenerationId: "q",
      possibleClipIds: [],
    });
    expect(intent.namePersists).toBe(false);
  });

  it("an open range (extend) spans the given length", () => {
    const state = addCreationIntent(
      base(),
      { trackId: "t", startBeats: 40, endBeats: null },
      { intentId: "e", queuedGenerationId: "q" },
      "Outro",
      32,
    );
    expect(state.tracks[0].clipCreationIntents[0]).toMatchObject({
      startBeats: 40,
      endBeats: 72,
      name: "Outro",
      namePersists: true,
    });
  });

  it("trades the queued generation for the possible clips when the call answers", () => {
    const state = settleQueuedGeneration(withIntent(), "i", ["x", "y"]);
    expect(state.tracks[0].clipCreationIntents[0]).toMatchObject({
      queuedGenerationId: null,
      possibleClipIds: ["x", "y"],
    });
  });

  it("drops the intent with its queued generation when the call fails or 60 s pass unanswered", () => {
    expect(dropQueuedGeneration(withIntent(), "i").tracks[0].clipCreationIntents).toEqual([]);
    // An answered call has no queued generation left: a late time-out changes nothing.
    const answered = deepFreeze(settleQueuedGeneration(withIntent(), "i", ["x"]));
    expect(dropQueuedGeneration(answered, "i")).toBe(answered);
    // A call that answered with no clips leaves nothing to wait for.
    expect(settleQueuedGeneration(withIntent(), "i", []).tracks[0].clipCreationIntents).toEqual([]);
  });

  it("removes a failed clip from its intent, and the intent after its last clip", () => {
    const answered = settleQueuedGeneration(withIntent(), "i", ["x", "y"]);
    const one = dropPossibleClip(answered, "x");
    expect(one.tracks[0].clipCreationIntents[0].possibleClipIds).toEqual(["y"]);
    expect(dropPossibleClip(one, "y").tracks[0].clipCreationIntents).toEqual([]);
  });
});

describe("placing results over partly overlapped clips", () => {
  it("puts one result on the track over the range, the overlapped clips cut around it, no take lanes", () => {
    const placed = place(1).tracks[0];
    expect(placed.clipCreationIntents).toEqual([]);
    expect(placed.takeLanes).toEqual([]);
    expect(placed.clips.map((c) => [c.clipId, c.startBeats, c.endBeats, c.readStartBeats])).toEqual([
      [null, 0, 8, 0],
      ["song-1", 8, 24, 6],
      [null, 24, 40, 8],
    ]);
    expect(placed.clips[1]).toMatchObject({ name: "Take 1", streaming: true });
  });

  it("puts four results into take lanes: Original with the overlapped parts, Version 1..4, later versions unheard", () => {
    const placed = place(4).tracks[0];
    expect(placed.clipCreationIntents).toEqual([]);
    expect(placed.takeLanes.map((lane) => lane.name)).toEqual([
      "Original",
      "Version 1",
      "Version 2",
      "Version 3",
      "Version 4",
    ]);
    const [original, ...versions] = placed.takeLanes;
    // Copies of what the range overlapped: the end of a, the start of b (its read start moved along).
    expect(original.clips.map((c) => [c.startBeats, c.endBeats, c.readStartBeats])).toEqual([
      [8, 12, 8],
      [20, 24, 4],
    ]);
    expect(versions.map((lane) => lane.clips.map((c) => [c.clipId, c.startBeats, c.endBeats]))).toEqual([
      [["song-1", 8, 24]],
      [["song-2", 8, 24]],
      [["song-3", 8, 24]],
      [["song-4", 8, 24]],
    ]);
    expect(versions.map((lane) => lane.unheardFor)).toEqual([null, "me", "me", "me"]);
    // The track plays Version 1 over the range until another lane is soloed.
    expect(placed.clips.map((c) => [c.clipId, c.startBeats, c.endBeats])).toEqual([
      [null, 0, 8],
      ["song-1", 8, 24],
      [null, 24, 40],
    ]);
    expect(placed.takeLanesExpanded).toBe(true);
    expect(placed.soloTakeLaneId).toBeNull();
    // The originals were copied, not moved: the clips a and b themselves keep their ids outside the range.
    expect(placed.clips[0].id).toBe("a");
  });

  it("places several results of an open range (extend) into take lanes over the open length", () => {
    const state = addCreationIntent(
      base(),
      { trackId: "t", startBeats: 40, endBeats: null },
      { intentId: "e", queuedGenerationId: "q" },
      "",
      32,
    );
    const placed = placeResults(
      state,
      {
        intentId: "e",
        range: { trackId: "t", startBeats: 40, endBeats: null },
        readStartBeats: 40,
        songs: songs(2),
        userId: "me",
        openLengthBeats: 32,
      },
      counter(),
    ).tracks[0];
    // Nothing lay past the song's end: the Original lane is empty; each result has its Version lane.
    expect(placed.takeLanes.map((lane) => lane.name)).toEqual(["Original", "Version 1", "Version 2"]);
    expect(placed.takeLanes[0].clips).toEqual([]);
    const extension = { startBeats: 40, endBeats: 72, readStartBeats: 40 };
    expect(placed.takeLanes[1].clips).toEqual([expect.objectContaining({ clipId: "song-1", ...extension })]);
    expect(placed.takeLanes[2].clips).toEqual([expect.objectContaining({ clipId: "song-2", ...extension })]);
    expect(placed.takeLanes.map((lane) => lane.unheardFor)).toEqual([null, null, "me"]);
    // The first result plays on the track; the clips before the extension are untouched.
    expect(placed.clips.map((clip) => clip.id)).toEqual(["a", "b", expect.any(String)]);
    expect(placed.clips.at(-1)).toMatchObject({ clipId: "song-1", ...extension });
  });

  it("keeps a name the user gave the intent", () => {
    const state = addCreationIntent(base(), range, { intentId: "i", queuedGenerationId: "q" }, "Bridge", 16);
    const placed = placeResults(
      state,
      { intentId: "i", range, readStartBeats: 0, songs: songs(1), userId: "me", openLengthBeats: 32 },
      counter(),
    );
    expect(placed.tracks[0].clips[1].name).toBe("Bridge");
  });
});

describe("a streaming song completing", () => {
  it("stops streaming and trims each clip to the audio's real end, in lanes too", () => {
    const placed = deepFreeze(place(4));
    const done = completeStreamingSong(placed, "song-1", (c) => c.startBeats - c.readStartBeats + 20);
    const onTrack = done.tracks[0].clips.find((c) => c.clipId === "song-1");
    // Anchor 8 - 6 = 2, audio 20 beats long: it ends at beat 22, before the range's end.
    expect(onTrack).toMatchObject({ streaming: false, endBeats: 22 });
    expect(done.tracks[0].takeLanes[1].clips[0]).toMatchObject({ streaming: false, endBeats: 22 });
    expect(done.tracks[0].takeLanes[2].clips[0]).toMatchObject({ streaming: true, endBeats: 24 });
  });

  it("only clears the flag when the length is not known", () => {
    const done = completeStreamingSong(place(1), "song-1", null);
    expect(done.tracks[0].clips[1]).toMatchObject({ streaming: false, endBeats: 24 });
  });
});
