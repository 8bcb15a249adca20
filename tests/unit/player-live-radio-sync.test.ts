import { describe, expect, it } from "vitest";
import {
  CATCH_UP_RATE,
  catchUpRate,
  clockOffsetMs,
  nextOnEnd,
  radioStep,
  refetchDelayMs,
  type StationSlot,
  slotAt,
  trimToCurrent,
} from "../../src/shared/player/live-radio-sync.ts";

const T = 1_700_000_000_000;
const slot = (songId: string, startS: number, seconds: number): StationSlot => ({
  songId,
  startMs: T + startS * 1000,
  seconds,
});
const LIST = [slot("a", 0, 30), slot("b", 30, 40), slot("c", 70, 20)];

describe("live radio: keeping in step with the station", () => {
  it("trims the list to the song playing now", () => {
    expect(trimToCurrent(LIST, T + 35_000).map((s) => s.songId)).toEqual(["b", "c"]);
    expect(slotAt(LIST, T + 35_000)?.songId).toBe("b");
    expect(trimToCurrent(LIST, T + 95_000)).toEqual([]);
  });

  it("starts the current song at its offset", () => {
    expect(radioStep(LIST, T + 42_500, null)).toEqual({ kind: "start", slot: LIST[1], offset: 12.5 });
  });

  it("keeps playing within 2 s of the station, resyncs beyond", () => {
    const at = { startMs: LIST[1]?.startMs as number };
    expect(radioStep(LIST, T + 40_000, { ...at, seconds: 11.9 })).toEqual({ kind: "keep" });
    expect(radioStep(LIST, T + 40_000, { ...at, seconds: 8.1 })).toEqual({ kind: "keep" });
    expect(radioStep(LIST, T + 40_000, { ...at, seconds: 12.1 })).toEqual({ kind: "seek", offset: 10 });
    expect(radioStep(LIST, T + 40_000, { ...at, seconds: 7.5 })).toEqual({ kind: "seek", offset: 10 });
  });

  it("skips a song that fell behind: the song due now starts", () => {
    const behind = { startMs: LIST[0]?.startMs as number, seconds: 29 };
    expect(radioStep(LIST, T + 75_000, behind)).toEqual({ kind: "start", slot: LIST[2], offset: 5 });
  });

  it("tells the same song twice in a row apart by its slot", () => {
    const twice = [slot("a", 0, 10), slot("a", 10, 10)];
    const step = radioStep(twice, T + 12_000, { startMs: T, seconds: 9.9 });
    expect(step).toEqual({ kind: "start", slot: twice[1], offset: 2 });
  });

  it("goes on to the next song on end, also when it starts up to 2 s later", () => {
    expect(nextOnEnd(LIST, T + 29_000, T)).toEqual({ slot: LIST[1], offset: 0 });
    expect(nextOnEnd(LIST, T + 30_500, T)).toEqual({ slot: LIST[1], offset: 0.5 });
    expect(nextOnEnd(LIST, T + 27_000, T)).toBeNull();
  });

  it("is silent in a gap and says until when; cuts overlapping songs at the later start", () => {
    const gappy = [slot("a", 0, 10), slot("b", 20, 10)];
    expect(radioStep(gappy, T + 15_000, null)).toEqual({ kind: "silence", untilMs: T + 20_000 });
    expect(radioStep([], T, null)).toEqual({ kind: "silence", untilMs: null });
    const overlapping = [slot("a", 0, 30), slot("b", 20, 10)];
    expect(trimToCurrent(overlapping, T)[0]?.seconds).toBe(20);
    expect(slotAt(overlapping, T + 25_000)?.songId).toBe("b");
  });

  it("refetches 15 s before the last song ends, never sooner than 1 s", () => {
    expect(refetchDelayMs(LIST, T)).toBe(75_000);
    expect(refetchDelayMs(LIST, T + 80_000)).toBe(1000);
    expect(refetchDelayMs([], T)).toBe(1000);
  });

  it("closes a small drift by playing a little faster or slower, never by more than 5 %", () => {
    expect(catchUpRate(10, 10.01)).toBe(1);
    expect(catchUpRate(10, 10.05)).toBeCloseTo(1.025, 6);
    expect(catchUpRate(10.05, 10)).toBeCloseTo(0.975, 6);
    expect(catchUpRate(10, 11.5)).toBe(1 + CATCH_UP_RATE);
    expect(catchUpRate(11.5, 10)).toBe(1 - CATCH_UP_RATE);
  });

  it("sets the clock from the quickest of several readings", () => {
    // The server is 5000 ms ahead. A slow answer (900 ms, sent back at once) reads 450 ms off; the
    // 40 ms one, answered 5 ms after its middle, reads 5 ms off.
    const slow = { sentMs: 1000, receivedMs: 1900, serverMs: 1000 + 5000 };
    const quick = { sentMs: 3000, receivedMs: 3040, serverMs: 3025 + 5000 };
    const middling = { sentMs: 5000, receivedMs: 5300, serverMs: 5290 + 5000 };
    expect(clockOffsetMs([slow])).toBe(4550);
    expect(clockOffsetMs([slow, quick, middling])).toBe(5005);
    expect(clockOffsetMs([middling, quick, slow])).toBe(5005);
    expect(clockOffsetMs([])).toBe(0);
  });
});
