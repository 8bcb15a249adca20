// How a live radio page keeps in step with the station: which song should sound now and where in
// it, on the server's clock. The page plays the list's current song from its offset, the next one
// when a song ends, skips a song it fell behind on, and moves back in step when its position
// drifts more than 2 s from the station's.

/** A drift beyond this (seconds) moves the player back in step. */
export const RESYNC_DRIFT_S = 2;
/** A song ending this close (seconds) before the next one starts goes straight on to it. */
export const NEXT_SONG_TOLERANCE_S = 2;
/** Within this drift (seconds) the page plays at normal speed ... */
export const IN_STEP_S = 0.02;
/** ... beyond it, up to the resync, it plays at most this much faster or slower to catch up. */
export const CATCH_UP_RATE = 0.05;
/** The list is asked for again this long before its last song ends ... */
export const REFETCH_BEFORE_END_MS = 15_000;
/** ... and never sooner than this. */
export const REFETCH_MIN_MS = 1000;

export interface StationSlot {
  readonly songId: string;
  /** Server clock, ms. */
  readonly startMs: number;
  readonly seconds: number;
}

/** What the page plays: the slot (by its start, as a song can come twice) and its position. */
export interface Heard {
  readonly startMs: number;
  readonly seconds: number;
}

export type RadioStep =
  | { readonly kind: "start"; readonly slot: StationSlot; readonly offset: number }
  | { readonly kind: "seek"; readonly offset: number }
  | { readonly kind: "keep" }
  /** Nothing is scheduled now (a gap in the list, or no list): silence until `untilMs`, if known. */
  | { readonly kind: "silence"; readonly untilMs: number | null };

const endOf = (slot: StationSlot): number => slot.startMs + slot.seconds * 1000;

/**
 * The list from the slot playing at `nowMs` on, in start order. Where two slots overlap the later
 * one wins from its start (the earlier is cut there); slots already over are dropped.
 */
export function trimToCurrent(slots: readonly StationSlot[], nowMs: number): StationSlot[] {
  const ordered = [...slots].filter((slot) => slot.seconds > 0).sort((a, b) => a.startMs - b.startMs);
  const cut = ordered.map((slot, at) => {
    const next = ordered[at + 1];
    if (next === undefined || next.startMs >= endOf(slot)) return slot;
    return { ...slot, seconds: (next.startMs - slot.startMs) / 1000 };
  });
  return cut.filter((slot) => slot.seconds > 0 && endOf(slot) > nowMs);
}

/** The slot that should sound at `nowMs`, if any. */
export const slotAt = (slots: readonly StationSlot[], nowMs: number): StationSlot | undefined =>
  trimToCurrent(slots, nowMs).find((slot) => slot.startMs <= nowMs);

/** What to do now, given what the page plays (null: nothing). */
export function radioStep(slots: readonly StationSlot[], nowMs: number, heard: Heard | null): RadioStep {
  const trimmed = trimToCurrent(slots, nowMs);
  const due = trimmed.find((slot) => slot.startMs <= nowMs);
  if (due === undefined) return { kind: "silence", untilMs: trimmed[0]?.startMs ?? null };
  const offset = (nowMs - due.startMs) / 1000;
  if (heard === null || heard.startMs !== due.startMs) return { kind: "start", slot: due, offset };
  return Math.abs(heard.seconds - offset) > RESYNC_DRIFT_S ? { kind: "seek", offset } : { kind: "keep" };
}

/**
 * How fast to play so a small drift closes without a jump: a page behind the station (it started
 * late, or its device ran slow) plays a little faster, one ahead a little slower, by half the
 * drift per second of playing, at most by CATCH_UP_RATE; in step, at normal speed. A drift past
 * the resync is a seek's job (radioStep).
 */
export function catchUpRate(heardSeconds: number, stationSeconds: number): number {
  const behind = stationSeconds - heardSeconds;
  if (Math.abs(behind) <= IN_STEP_S) return 1;
  return 1 + Math.max(-CATCH_UP_RATE, Math.min(CATCH_UP_RATE, behind / 2));
}

/**
 * The song after one that ended at `nowMs`: the slot sounding now, or one starting within the
 * next-song tolerance (from its top); null when the list has nothing that close.
 */
export function nextOnEnd(
  slots: readonly StationSlot[],
  nowMs: number,
  endedStartMs: number,
): { readonly slot: StationSlot; readonly offset: number } | null {
  const slot = trimToCurrent(slots, nowMs).find(
    (candidate) =>
      candidate.startMs > endedStartMs && candidate.startMs <= nowMs + NEXT_SONG_TOLERANCE_S * 1000,
  );
  return slot === undefined ? null : { slot, offset: Math.max(0, (nowMs - slot.startMs) / 1000) };
}

/** When to ask for the list again: 15 s before its last song ends, at least 1 s from now. */
export function refetchDelayMs(slots: readonly StationSlot[], nowMs: number): number {
  const last = Math.max(nowMs, ...slots.map(endOf));
  return Math.max(REFETCH_MIN_MS, last - REFETCH_BEFORE_END_MS - nowMs);
}

/** One reading of the server's clock: when it was asked and answered (page clock) and what it said. */
export interface ClockSample {
  readonly sentMs: number;
  readonly receivedMs: number;
  readonly serverMs: number;
}

/** Readings of the server's clock a page keeps: the first answer and its follow-ups, and the latest refetches. */
export const CLOCK_SAMPLES_KEPT = 8;

/**
 * Server clock minus the page's, ms, from several readings: the one with the shortest round trip,
 * taken as answered halfway through it (its error is at most half that trip). One reading on a
 * busy server can be hundreds of ms off, and two pages off in opposite ways hear the station that
 * far apart; the quickest of several is seldom slow both ways.
 */
export function clockOffsetMs(samples: readonly ClockSample[]): number {
  let best: ClockSample | undefined;
  for (const sample of samples)
    if (best === undefined || sample.receivedMs - sample.sentMs < best.receivedMs - best.sentMs)
      best = sample;
  return best === undefined ? 0 : best.serverMs - (best.sentMs + best.receivedMs) / 2;
}
