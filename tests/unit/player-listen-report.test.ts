import { describe, expect, it } from "vitest";
import { followListen, type ListenProgress, NO_LISTEN } from "../../src/shared/player/listening.ts";

/** Plays a start from `from` to `to` seconds in steps of 0.25 s; answers the progress and how many listens counted. */
function play(progress: ListenProgress, start: string, from: number, to: number, duration: number | null) {
  let counted = 0;
  let now = progress;
  for (let seconds = from; seconds <= to + 1e-9; seconds += 0.25) {
    const next = followListen(now, start, seconds, duration);
    now = next.progress;
    if (next.counts) counted++;
  }
  return { progress: now, counted };
}

describe("the bar's listens for the on-repeat list", () => {
  it("counts a start once half the song (at most 30 s) was heard, and only once", () => {
    const short = play(NO_LISTEN, "a:1", 0, 2.75, 6);
    expect(short.counted).toBe(0);
    const done = play(short.progress, "a:1", 3, 6, 6);
    expect(done.counted).toBe(1);
    expect(play(NO_LISTEN, "b:1", 0, 29.75, 300).counted).toBe(0);
    expect(play(NO_LISTEN, "b:1", 0, 30, 300).counted).toBe(1);
  });

  it("counts each new start of the same song again: a replay or a repeat", () => {
    let listens = 0;
    let progress = NO_LISTEN;
    for (const start of ["a:1", "a:2", "a:3"]) {
      const heard = play(progress, start, 0, 4, 4);
      listens += heard.counted;
      progress = heard.progress;
    }
    expect(listens).toBe(3);
  });

  it("counts nothing for seeking through a song", () => {
    let progress = followListen(NO_LISTEN, "a:1", 0, 10).progress;
    for (const seconds of [4, 9, 9.5]) {
      const next = followListen(progress, "a:1", seconds, 10);
      expect(next.counts).toBe(false);
      progress = next.progress;
    }
    expect(progress.heard).toBeCloseTo(0.5);
  });
});
