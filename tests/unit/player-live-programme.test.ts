import { describe, expect, it } from "vitest";
import {
  hourProgramme,
  hourStart,
  PROGRAMME_HOUR_MS,
  programmeFrom,
} from "../../src/shared/player/live-programme.ts";

const POOL = [
  { id: "c", seconds: 200 },
  { id: "a", seconds: 180 },
  { id: "b", seconds: 150 },
  { id: "d", seconds: 0 },
];
const HOUR = hourStart(Date.UTC(2026, 5, 1, 12, 30));

describe("the live station's programme", () => {
  it("is the same for the same hour whatever order the pool comes in", () => {
    expect(hourProgramme("main", HOUR, POOL)).toEqual(hourProgramme("main", HOUR, [...POOL].reverse()));
  });

  it("fills the hour end to end, cutting the last song at the hour's end, without silent songs", () => {
    const slots = hourProgramme("main", HOUR, POOL);
    expect(slots[0]?.startMs).toBe(HOUR);
    for (const [at, slot] of slots.entries()) {
      const previous = slots[at - 1];
      if (previous !== undefined)
        expect(slot.startMs).toBeCloseTo(previous.startMs + previous.seconds * 1000, 6);
      expect(slot.id).not.toBe("d");
    }
    const last = slots.at(-1);
    expect((last?.startMs ?? 0) + (last?.seconds ?? 0) * 1000).toBeCloseTo(HOUR + PROGRAMME_HOUR_MS, 6);
  });

  it("orders hours differently, and stations differently", () => {
    const order = (station: string, hour: number) =>
      hourProgramme(station, hour, POOL)
        .slice(0, 3)
        .map((slot) => slot.id)
        .join();
    const hours = Array.from({ length: 8 }, (_, k) => order("main", HOUR + k * PROGRAMME_HOUR_MS));
    expect(new Set(hours).size).toBeGreaterThan(1);
  });

  it("answers from the song playing now, across the hour's end, at least the songs asked for", () => {
    const now = HOUR + PROGRAMME_HOUR_MS - 60_000;
    const slots = programmeFrom("main", now, 10 * 60_000, 3, () => POOL);
    const first = slots[0];
    expect(first?.startMs).toBeLessThanOrEqual(now);
    expect((first?.startMs ?? 0) + (first?.seconds ?? 0) * 1000).toBeGreaterThan(now);
    expect(slots.some((slot) => slot.startMs === HOUR + PROGRAMME_HOUR_MS)).toBe(true);
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(programmeFrom("main", now, 60_000, 3, () => [])).toEqual([]);
  });
});
