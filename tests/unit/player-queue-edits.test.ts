import { describe, expect, it } from "vitest";
import {
  AUTOPLAY_REFILL_AT,
  appendAutoplay,
  autoplayRequest,
  continuousFor,
  needsRefill,
} from "../../src/app/player/autoplay-rules.ts";
import {
  currentClip,
  emptyQueue,
  type PlayerQueueState,
  playList,
  type QueueClip,
  stepForward,
  toggleShuffle,
} from "../../src/app/player/player-queue.ts";
import {
  clearQueue,
  enqueue,
  moveTo,
  playFrom,
  remainingCount,
  removeAt,
} from "../../src/app/player/queue-edits.ts";
import { seeded } from "../seeded-random.ts";

const clip = (id: string, preview_seconds: number | null = null): QueueClip => ({ id, preview_seconds });
const list = (...ids: string[]) => ids.map((id) => clip(id));
const CONTEXT = { type: "workspace", id: "w1" };

/** The queue as the panel shows it: ids in play order. */
const shown = (state: PlayerQueueState) => state.order.map((index) => state.clips[index]?.id);
const currentId = (state: PlayerQueueState) => currentClip(state)?.id;

describe("queue edits", () => {
  it("adds songs at the end; an empty player takes the first one paused", () => {
    const empty = enqueue(emptyQueue(), list("a", "b"));
    expect(shown(empty)).toEqual(["a", "b"]);
    expect(currentId(empty)).toBe("a");
    expect(empty.playing).toBe(false);
    const playing = enqueue(playList(emptyQueue(), list("x", "y"), 1, CONTEXT), list("a"));
    expect(shown(playing)).toEqual(["x", "y", "a"]);
    expect(currentId(playing)).toBe("y");
    expect(playing.playing).toBe(true);
    // A song that may not be heard is queued but never current.
    expect(currentId(enqueue(emptyQueue(), [clip("p", 0), clip("b")]))).toBe("b");
  });

  it("removes a song before or after the current one, never the current one", () => {
    const state = playList(emptyQueue(), list("a", "b", "c", "d"), 2, CONTEXT);
    const before = removeAt(state, 0);
    expect(shown(before)).toEqual(["b", "c", "d"]);
    expect(currentId(before)).toBe("c");
    const after = removeAt(state, 3);
    expect(shown(after)).toEqual(["a", "b", "c"]);
    expect(currentId(after)).toBe("c");
    expect(removeAt(state, 2)).toBe(state);
    expect(removeAt(state, 9)).toBe(state);
  });

  it("moves songs, the current one staying current, in list and in shuffled order", () => {
    const state = playList(emptyQueue(), list("a", "b", "c", "d"), 1, CONTEXT);
    const down = moveTo(state, 0, 3);
    expect(shown(down)).toEqual(["b", "c", "d", "a"]);
    expect(currentId(down)).toBe("b");
    expect(stepForward(down).clips.map((c) => c.id)).toEqual(["b", "c", "d", "a"]);
    expect(currentId(stepForward(down))).toBe("c");
    const current = moveTo(state, 1, 3);
    expect(shown(current)).toEqual(["a", "c", "d", "b"]);
    expect(currentId(current)).toBe("b");
    const shuffled = toggleShuffle(state, seeded(3));
    const reordered = moveTo(shuffled, 3, 1);
    expect(shown(reordered)).toEqual([
      shown(shuffled)[0],
      shown(shuffled)[3],
      ...shown(shuffled).slice(1, 3),
    ]);
    expect(currentId(reordered)).toBe("b");
    // Shuffle off after a move in list order keeps the moved list.
    expect(shown(toggleShuffle(toggleShuffle(down, seeded(1))))).toEqual(["b", "c", "d", "a"]);
  });

  it("clears all but the current song and plays from a row", () => {
    const state = playList(emptyQueue(), list("a", "b", "c"), 1, CONTEXT);
    const cleared = clearQueue(state);
    expect(shown(cleared)).toEqual(["b"]);
    expect(currentId(cleared)).toBe("b");
    expect(shown(clearQueue(emptyQueue()))).toEqual([]);
    const from = playFrom(state, 2);
    expect(currentId(from)).toBe("c");
    expect(from.starts).toBe(state.starts + 1);
    expect(from.recentlyPlayed[0]).toBe("c");
  });
});

describe("autoplay", () => {
  const ten = list(...Array.from({ length: 10 }, (_, at) => `s${at}`));

  it("refills once 2 or fewer songs remain, with continuous play and no repeat", () => {
    let state = playList(emptyQueue(), ten, 6, CONTEXT);
    expect(remainingCount(state)).toBe(3);
    expect(needsRefill(state)).toBe(false);
    state = stepForward(state);
    expect(remainingCount(state)).toBe(AUTOPLAY_REFILL_AT);
    expect(needsRefill(state)).toBe(true);
    expect(needsRefill({ ...state, continuous: false })).toBe(false);
    expect(needsRefill({ ...state, repeat: "all" })).toBe(false);
    expect(needsRefill(emptyQueue())).toBe(false);
  });

  it("sends the current song, the playlist and the last 50 queue entries", () => {
    const long = list(...Array.from({ length: 60 }, (_, at) => `s${at}`));
    const state = playList(emptyQueue(), long, 58, { type: "playlist", id: "p1" });
    const body = autoplayRequest(state);
    expect(body.clip_id).toBe("s58");
    expect(body.playlist_id).toBe("p1");
    expect(body.query).toBeNull();
    expect(body.clips_in_queue).toHaveLength(50);
    expect(body.clips_in_queue?.[0]).toEqual({ clip_id: "s10" });
    expect(body.page_size).toBe(30);
    expect(autoplayRequest(playList(emptyQueue(), ten, 0, { type: "search", id: "rain" })).query).toBe(
      "rain",
    );
  });

  it("adds only songs not queued yet, each once", () => {
    const state = playList(emptyQueue(), list("a", "b"), 1, CONTEXT);
    const added = appendAutoplay(state, list("b", "c", "c", "d"));
    expect(shown(added)).toEqual(["a", "b", "c", "d"]);
    expect(currentId(added)).toBe("b");
  });

  it("keeps the listener's continuous preference in library-like lists and forces it on elsewhere", () => {
    expect(continuousFor({ type: "song_list", id: "Library" }, false)).toBe(false);
    expect(continuousFor({ type: "playlist", id: "p" }, true)).toBe(true);
    expect(continuousFor({ type: "radio", id: "x" }, false)).toBe(true);
    expect(continuousFor(null, false)).toBe(true);
  });
});
