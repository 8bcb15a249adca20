import type { Kysely } from "kysely";
import type { LiveRadioItem } from "../../shared/api/radio.ts";
import { hourStart, type PoolSong, programmeFrom } from "../../shared/player/live-programme.ts";
import { clipView } from "../clips/clip-view.ts";
import type { Database } from "../db/schema.ts";
import { trendingSongs } from "../discovery/trending-songs.ts";

/** The station plays the hottest public songs. */
const POOL_SIZE = 50;
/** The list runs at least this far past now (and 3 songs), so a page asks again only now and then. */
const AHEAD_MS = 10 * 60_000;
const MIN_ITEMS = 3;
/** Hours whose pools this server keeps: the current one, the next, and some slack. */
const KEPT_HOURS = 4;

interface PoolEntry extends PoolSong {
  readonly item: Omit<LiveRadioItem, "start_time" | "duration">;
}

/**
 * The live station's programme, built from trending public songs. An hour's pool is read once
 * (the songs public and finished by the hour's start, hottest first) and kept for the hour, so a
 * like during the hour does not reshuffle what plays; the schedule itself is a pure function of
 * the pool and the time (live-programme.ts), the same on every server.
 */
export class LiveRadio {
  private readonly pools = new Map<number, Promise<PoolEntry[]>>();

  constructor(private readonly db: Kysely<Database>) {}

  async songList(station: string, nowMs: number): Promise<LiveRadioItem[]> {
    const hours = [hourStart(nowMs), hourStart(nowMs) + 3_600_000];
    const pools = new Map(
      await Promise.all(hours.map(async (hour) => [hour, await this.pool(hour)] as const)),
    );
    const byId = new Map([...pools.values()].flat().map((entry) => [entry.id, entry]));
    const slots = programmeFrom(station, nowMs, AHEAD_MS, MIN_ITEMS, (hour) => pools.get(hour) ?? []);
    return slots.flatMap((slot) => {
      const entry = byId.get(slot.id);
      if (entry === undefined) return [];
      return [{ ...entry.item, start_time: new Date(slot.startMs).toISOString(), duration: slot.seconds }];
    });
  }

  private pool(hour: number): Promise<PoolEntry[]> {
    let pool = this.pools.get(hour);
    if (pool === undefined) {
      pool = this.readPool(hour);
      this.pools.set(hour, pool);
      pool.catch(() => this.pools.delete(hour));
      for (const kept of this.pools.keys())
        if (this.pools.size > KEPT_HOURS && kept < hour) this.pools.delete(kept);
    }
    return pool;
  }

  private async readPool(hour: number): Promise<PoolEntry[]> {
    const rows = await trendingSongs(this.db, null, { offset: 0, limit: POOL_SIZE, before: new Date(hour) });
    return rows.flatMap((row) => {
      const clip = clipView(row, null);
      const seconds = clip.metadata.duration ?? 0;
      if (clip.audio_url === null || !(seconds > 0)) return [];
      const item = {
        song_id: clip.id,
        song_url: clip.audio_url,
        title: clip.title,
        handle: clip.handle,
        image_url: clip.image_url,
      };
      return [{ id: clip.id, seconds, item }];
    });
  }
}
