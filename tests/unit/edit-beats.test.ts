import { describe, expect, it } from "vitest";
import { croppedBeats, fadedBeats, spedUpBeats } from "../../src/generator/tasks/edit-beats.ts";

/** Beats every half second from 0 to 4.5 s, numbered 1-4 in their bars: 120 bpm. */
const source = {
  bpm: 120,
  key: null,
  downbeats: Array.from({ length: 10 }, (_, i): [number, number] => [i / 2, (i % 4) + 1]),
};

describe("the beats of an edited song, from its source's", () => {
  it("keeps every beat where it was through a fade, up to the song's end", () => {
    expect(fadedBeats(source, 3.2)).toEqual({ bpm: 120, downbeats: source.downbeats.slice(0, 7) });
  });

  it("moves a kept range's beats back by its start", () => {
    expect(croppedBeats(source, 1.25, 3, false)).toEqual({
      bpm: 120,
      downbeats: [
        [0.25, 4],
        [0.75, 1],
        [1.25, 2],
      ],
    });
  });

  it("keeps the beats before a removed range and moves those after it back by its length", () => {
    expect(croppedBeats(source, 1, 2.5, true).downbeats).toEqual([
      [0, 1],
      [0.5, 2],
      [1, 2],
      [1.5, 3],
      [2, 4],
      [2.5, 1],
      [3, 2],
    ]);
  });

  it("brings every beat sooner by the speed factor, and the tempo up by it", () => {
    const faster = spedUpBeats(source, 1.25);
    expect(faster.bpm).toBe(150);
    expect(faster.downbeats[4]).toEqual([1.6, 1]);
    expect(faster.downbeats.map(([, n]) => n)).toEqual(source.downbeats.map(([, n]) => n));
  });
});
