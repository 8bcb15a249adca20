// The live station's programme as a pure function of the time and the song pool: the day is cut
// into hours (UTC); each hour plays its pool in an order shuffled by a seed made of the station and
// the hour, songs end to end from the hour's start, the last one cut at the hour's end. Any server
// with the same pool answers the same songs at the same times, so all listeners hear one station.

/** The length of a programme hour. */
export const PROGRAMME_HOUR_MS = 3_600_000;

export interface PoolSong {
  readonly id: string;
  readonly seconds: number;
}

export interface ProgrammeSlot {
  readonly id: string;
  /** Server clock, ms since the epoch. */
  readonly startMs: number;
  readonly seconds: number;
}

/** The start of the programme hour holding `ms`. */
export const hourStart = (ms: number): number => Math.floor(ms / PROGRAMME_HOUR_MS) * PROGRAMME_HOUR_MS;

/** FNV-1a over the text: the same seed for the same station and hour on every server. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** mulberry32: a small seeded generator, the same sequence everywhere for one seed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One hour's slots: the pool (taken in id order, then shuffled by the seed) repeated end to end. */
export function hourProgramme(station: string, startMs: number, pool: readonly PoolSong[]): ProgrammeSlot[] {
  const songs = [...pool].filter((song) => song.seconds > 0).sort((a, b) => (a.id < b.id ? -1 : 1));
  if (songs.length === 0) return [];
  const random = seeded(seedOf(`${station}:${startMs}`));
  for (let i = songs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [songs[i], songs[j]] = [songs[j] as PoolSong, songs[i] as PoolSong];
  }
  const end = startMs + PROGRAMME_HOUR_MS;
  const slots: ProgrammeSlot[] = [];
  for (let at = startMs, k = 0; at < end; k++) {
    const song = songs[k % songs.length] as PoolSong;
    const seconds = Math.min(song.seconds, (end - at) / 1000);
    slots.push({ id: song.id, startMs: at, seconds });
    at += seconds * 1000;
  }
  return slots;
}

/**
 * The slots from the one playing at `nowMs` to the first that ends `aheadMs` later (at least
 * `minSlots` of them), across hours; `poolAt` gives each hour's pool.
 */
export function programmeFrom(
  station: string,
  nowMs: number,
  aheadMs: number,
  minSlots: number,
  poolAt: (hourStartMs: number) => readonly PoolSong[],
): ProgrammeSlot[] {
  const slots: ProgrammeSlot[] = [];
  // A day of empty hours is an empty station: stop looking there.
  for (let hour = hourStart(nowMs), tried = 0; tried < 24; hour += PROGRAMME_HOUR_MS, tried++) {
    for (const slot of hourProgramme(station, hour, poolAt(hour))) {
      if (slot.startMs + slot.seconds * 1000 <= nowMs) continue;
      slots.push(slot);
      if (slots.length >= minSlots && slot.startMs + slot.seconds * 1000 >= nowMs + aheadMs) return slots;
    }
  }
  return slots;
}
