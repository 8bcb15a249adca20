import { describe, expect, it } from "vitest";
import {
  playbarStateOf,
  RESTORE_WINDOW,
  restoredQueue,
  restoresPlaybar,
  restoreWindow,
} from "../../src/app/player/playbar-sync-rules.ts";
import { emptyQueue, playList, type QueueClip, stepForward } from "../../src/app/player/player-queue.ts";
import { type PlaybarState, playbarStateSchema } from "../../src/shared/api/playbar-state.ts";

const clip = (id: string): QueueClip => ({ id, preview_seconds: null });
const DEVICE = { id: "device-1", type: "web" };
const NOW = new Date("2026-11-27T02:30:00.000Z");

const saved = (ids: string[], index: number): PlaybarState => ({
  playbar_state: "paused",
  song_index: index,
  song_play_time: 12,
  repeat_state: "off",
  action_time: NOW.toISOString(),
  song_ids_in_queue: ids,
  volume: 0.5,
  device_id: DEVICE.id,
  device_type: DEVICE.type,
  context_id: null,
  context_type: null,
});

describe("the saved player", () => {
  it.each([
    ["/me", true],
    ["/", true],
    ["/persona/x", true],
    ["/song/1", false],
    ["/s/abc", false],
    ["/home", false],
    ["/create", false],
    ["/create/", false],
    ["/playlist/1", false],
    ["/creators", true],
  ])("on %s comes back: %s", (pathname, comesBack) => {
    expect(restoresPlaybar(pathname)).toBe(comesBack);
  });

  it("saves the queue, the song, its time, repeat, volume and context, in the schema's shape", () => {
    const state = stepForward(
      playList({ ...emptyQueue(), repeat: "all" }, [clip("a"), clip("b")], 0, {
        type: "workspace",
        id: "w1",
      }),
    );
    const kept = playbarStateOf(state, 7.5, NOW, DEVICE);
    expect(playbarStateSchema.parse(kept)).toEqual({
      playbar_state: "playing",
      song_index: 1,
      song_play_time: 7.5,
      repeat_state: "all",
      action_time: "2026-11-27T02:30:00.000Z",
      song_ids_in_queue: ["a", "b"],
      volume: 0.8,
      device_id: "device-1",
      device_type: "web",
      context_id: "w1",
      context_type: "workspace",
    });
    expect(playbarStateOf(emptyQueue(), 0, NOW, DEVICE)).toBeNull();
  });

  it("brings back a window of a long queue around the saved song", () => {
    const ids = Array.from({ length: 10_000 }, (_, index) => `s${index}`);
    const middle = restoreWindow(saved(ids, 5_000));
    expect(middle.ids).toHaveLength(RESTORE_WINDOW);
    expect(middle.ids[middle.index]).toBe("s5000");
    const end = restoreWindow(saved(ids, 9_999));
    expect(end.ids[end.index]).toBe("s9999");
    expect(end.ids.at(-1)).toBe("s9999");
    const start = restoreWindow(saved(ids, 0));
    expect(start.ids[start.index]).toBe("s0");
    // An index past the queue (another version's state) stays inside it.
    const past = restoreWindow(saved(["a", "b"], 7));
    expect(past.ids[past.index]).toBe("b");
  });

  it("rebuilds the queue from the songs still there, at the saved song or the nearest before it", () => {
    const window = { ids: ["a", "b", "c", "d"], index: 2 };
    expect(restoredQueue(window, [clip("d"), clip("a"), clip("c")])).toEqual({
      clips: [clip("a"), clip("c"), clip("d")],
      index: 1,
    });
    expect(restoredQueue(window, [clip("a"), clip("d")])?.index).toBe(0);
    expect(restoredQueue(window, [clip("d")])).toEqual({ clips: [clip("d")], index: 0 });
    expect(restoredQueue(window, [clip("unknown")])).toBeNull();
  });
});
