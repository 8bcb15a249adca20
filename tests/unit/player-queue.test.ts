import { describe, expect, it } from "vitest";
import {
  currentClip,
  DEFAULT_VOLUME,
  emptyQueue,
  type PlayerQueueState,
  playList,
  previewOver,
  type QueueClip,
  RECENTLY_PLAYED_LIMIT,
  type RepeatMode,
  setVolume,
  shuffledOrder,
  songEnded,
  stepBack,
  stepForward,
  toggleMute,
  toggleShuffle,
  UNMUTE_VOLUME,
} from "../../src/app/player/player-queue.ts";
import { seeded } from "../seeded-random.ts";

const clip = (id: string, preview_seconds: number | null = null): QueueClip => ({ id, preview_seconds });
const ABC = [clip("a"), clip("b"), clip("c")];
const CONTEXT = { type: "workspace", id: "w1" };

const playing = (at: number, options: Partial<PlayerQueueState> = {}): PlayerQueueState =>
  playList({ ...emptyQueue(), ...options }, ABC, at, CONTEXT);

const currentId = (state: PlayerQueueState) => currentClip(state)?.id;

describe("the player queue", () => {
  it("starts at the clicked song with the list's context, at the default volume", () => {
    const state = playing(1);
    expect(currentId(state)).toBe("b");
    expect(state.playing).toBe(true);
    expect(state.context).toEqual(CONTEXT);
    expect(state.volume).toBe(DEFAULT_VOLUME);
    expect(state.recentlyPlayed).toEqual(["b"]);
  });

  it.each<[RepeatMode, boolean, string | undefined, boolean]>([
    ["one", true, "c", true],
    ["all", true, "a", true],
    ["off", true, "c", false],
    ["off", false, "c", false],
  ])(
    "at the last song's end with repeat %s (continuous %s) plays %s (playing %s)",
    (repeat, continuous, id, on) => {
      const last = playing(2, { repeat, continuous });
      const ended = songEnded(last);
      expect(currentId(ended)).toBe(id);
      expect(ended.playing).toBe(on);
      // A restart, of the same song or the queue's first, counts a play; a stop does not.
      expect(ended.starts).toBe(on ? last.starts + 1 : last.starts);
    },
  );

  it("repeat one restarts the same song in the middle of the queue and counts a play", () => {
    const state = playing(0, { repeat: "one" });
    const ended = songEnded(state);
    expect(currentId(ended)).toBe("a");
    expect(ended.starts).toBe(state.starts + 1);
  });

  it("continuous play goes on to the next song; without it the song's end stops", () => {
    expect(currentId(songEnded(playing(0, { continuous: true })))).toBe("b");
    const stopped = songEnded(playing(0, { continuous: false }));
    expect(currentId(stopped)).toBe("a");
    expect(stopped.playing).toBe(false);
  });

  it("step back at 2.9 s goes to the previous song, at 3.1 s restarts the song", () => {
    const state = playing(1);
    expect(currentId(stepBack(state, 2.9))).toBe("a");
    const restarted = stepBack(state, 3.1);
    expect(currentId(restarted)).toBe("b");
    expect(restarted.starts).toBe(state.starts + 1);
  });

  it("step back on the first song restarts it, or wraps to the last with repeat all", () => {
    expect(currentId(stepBack(playing(0), 1))).toBe("a");
    expect(currentId(stepBack(playing(0, { repeat: "all" }), 1))).toBe("c");
  });

  it("step forward past the last song stops, or wraps with repeat all", () => {
    expect(stepForward(playing(2)).playing).toBe(false);
    expect(currentId(stepForward(playing(2, { repeat: "all" })))).toBe("a");
  });

  it("passes over clips with preview_seconds 0, in both directions", () => {
    const clips = [clip("a"), clip("locked", 0), clip("c")];
    const state = playList(emptyQueue(), clips, 0, CONTEXT);
    const forward = stepForward(state);
    expect(currentId(forward)).toBe("c");
    expect(currentId(stepBack(forward, 0))).toBe("a");
    expect(currentId(playList(emptyQueue(), clips, 1, CONTEXT))).toBe("c");
    const nothing = playList(emptyQueue(), [clip("locked", 0)], 0, CONTEXT);
    expect(nothing.playing).toBe(false);
    expect(currentClip(nothing)).toBeUndefined();
  });

  it("a preview clip is over at its preview_seconds; a whole song never is", () => {
    expect(previewOver(clip("p", 30), 29.9)).toBe(false);
    expect(previewOver(clip("p", 30), 30)).toBe(true);
    expect(previewOver(clip("w"), 10_000)).toBe(false);
    // Its end steps forward like a song's end.
    expect(currentId(songEnded(playList(emptyQueue(), [clip("p", 30), clip("q")], 0, CONTEXT)))).toBe("q");
  });

  it("shuffle plays every song once, the current one first, and turning it off keeps the current song", () => {
    const many = Array.from({ length: 40 }, (_, index) => clip(`s${index}`));
    const state = playList(emptyQueue(), many, 7, CONTEXT);
    const shuffled = toggleShuffle(state, seeded(3));
    expect(currentId(shuffled)).toBe("s7");
    expect(shuffled.order[0]).toBe(7);
    expect([...shuffled.order].sort((x, y) => x - y)).toEqual(many.map((_, index) => index));
    expect(shuffled.order).not.toEqual(many.map((_, index) => index));
    let walk = shuffled;
    const heard = [currentId(walk)];
    for (let step = 1; step < many.length; step++) {
      walk = stepForward(walk);
      heard.push(currentId(walk));
    }
    expect(new Set(heard).size).toBe(many.length);
    const unshuffled = toggleShuffle(walk);
    expect(currentId(unshuffled)).toBe(currentId(walk));
    expect(unshuffled.order).toEqual(many.map((_, index) => index));
  });

  it("a shuffled order has no repeats for any seed", () => {
    for (let seed = 1; seed < 50; seed++) {
      const order = shuffledOrder(10, null, seeded(seed));
      expect(new Set(order).size).toBe(10);
      expect(order.every((index) => index >= 0 && index < 10)).toBe(true);
    }
  });

  it("unmuting at volume zero restores 0.6; otherwise the volume stays", () => {
    const atZero = toggleMute(setVolume(emptyQueue(), 0));
    expect(atZero.muted).toBe(true);
    const unmuted = toggleMute(atZero);
    expect(unmuted.muted).toBe(false);
    expect(unmuted.volume).toBe(UNMUTE_VOLUME);
    expect(toggleMute(toggleMute(emptyQueue())).volume).toBe(DEFAULT_VOLUME);
    expect(setVolume(emptyQueue(), 3).volume).toBe(1);
    expect(setVolume(emptyQueue(), Number.NaN).volume).toBe(DEFAULT_VOLUME);
  });

  it("keeps the 50 most recently played ids, newest first, without repeats", () => {
    const many = Array.from({ length: 60 }, (_, index) => clip(`s${index}`));
    let state = playList(emptyQueue(), many, 0, CONTEXT);
    for (let step = 1; step < many.length; step++) state = stepForward(state);
    state = stepBack(state, 2);
    expect(state.recentlyPlayed).toHaveLength(RECENTLY_PLAYED_LIMIT);
    expect(state.recentlyPlayed[0]).toBe("s58");
    expect(state.recentlyPlayed[1]).toBe("s59");
    expect(new Set(state.recentlyPlayed).size).toBe(RECENTLY_PLAYED_LIMIT);
  });
});
