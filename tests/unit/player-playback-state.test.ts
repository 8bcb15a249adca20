import { describe, expect, it } from "vitest";
import {
  adoptsSource,
  type ElementReading,
  isSongEnd,
  playerShows,
  STILL_MS,
} from "../../src/app/player/playback-state.ts";

const sounding: ElementReading = {
  wanted: true,
  paused: false,
  waiting: false,
  readyState: 4,
  stillForMs: 0,
};

describe("what the player bar says", () => {
  it("says playing only while the element sounds: asked, not paused, data ahead, position moving", () => {
    expect(playerShows(sounding)).toBe("playing");
    expect(playerShows({ ...sounding, stillForMs: STILL_MS - 1 })).toBe("playing");
  });

  it("says buffering while the listener wants sound and the element waits, stands still or is paused", () => {
    expect(playerShows({ ...sounding, waiting: true })).toBe("buffering");
    expect(playerShows({ ...sounding, readyState: 2 })).toBe("buffering");
    expect(playerShows({ ...sounding, stillForMs: STILL_MS })).toBe("buffering");
    // Ended before the song's end (its audio was cut short): silent, so not "playing".
    expect(playerShows({ ...sounding, paused: true })).toBe("buffering");
  });

  it("says paused whenever the listener has not asked to play", () => {
    expect(playerShows({ ...sounding, wanted: false })).toBe("paused");
    expect(playerShows({ ...sounding, wanted: false, waiting: true, paused: true })).toBe("paused");
  });
});

describe("which audio address the element takes", () => {
  const change = { sameClip: true, cut: false, wanted: true, complete: false };

  it("takes another clip's address at once", () => {
    expect(adoptsSource({ ...change, sameClip: false })).toBe(true);
  });

  it("keeps a playing growing response: it carries the whole song", () => {
    expect(adoptsSource(change)).toBe(false);
    expect(adoptsSource({ ...change, complete: true })).toBe(false);
    expect(adoptsSource({ ...change, wanted: false })).toBe(false);
  });

  it("moves on when its audio was cut short, or while paused to the finished file", () => {
    expect(adoptsSource({ ...change, cut: true })).toBe(true);
    expect(adoptsSource({ ...change, wanted: false, complete: true })).toBe(true);
  });
});

describe("the end of a song", () => {
  it("is a stop at the complete song's length, within half a second", () => {
    expect(isSongEnd(23.7, true, 24)).toBe(true);
    expect(isSongEnd(23.4, true, 24)).toBe(false);
    // A streaming song's stop is never its end: more audio is coming.
    expect(isSongEnd(24, false, 24)).toBe(false);
  });
});
