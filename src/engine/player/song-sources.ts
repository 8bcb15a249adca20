// The songs the queue player holds in the engine: each fetched and decoded once (at the context's
// rate, so no resampling), loaded into a source slot, and released when neither the current nor
// the next song needs it.

import type { EngineNode } from "../engine-node.ts";

export interface LoadedSong {
  readonly slot: number;
  readonly frames: number;
}

/** The engine reads at most two channels. */
const MAX_CHANNELS = 2;

export class SongSources {
  private readonly byUrl = new Map<string, Promise<LoadedSong>>();
  private readonly slots = new Set<number>();

  constructor(
    private readonly context: BaseAudioContext,
    private readonly engine: EngineNode,
  ) {}

  /** The song's source, loading it on the first call; a failed load is forgotten, so a later call retries. */
  load(url: string): Promise<LoadedSong> {
    let loading = this.byUrl.get(url);
    if (loading === undefined) {
      loading = this.decode(url);
      this.byUrl.set(url, loading);
      loading.catch(() => this.byUrl.delete(url));
    }
    return loading;
  }

  /** Releases every loaded song but these (those still loading stay until they are done). */
  keepOnly(urls: readonly string[]): void {
    for (const [url, loading] of this.byUrl) {
      if (urls.includes(url)) continue;
      this.byUrl.delete(url);
      loading.then(
        (song) => {
          this.engine.send([{ op: "source-release", slot: song.slot }]);
          this.slots.delete(song.slot);
        },
        () => undefined,
      );
    }
  }

  private async decode(url: string): Promise<LoadedSong> {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`The song's audio did not load (${response.status})`);
    const buffer = await this.context.decodeAudioData(await response.arrayBuffer());
    const channels = Math.min(MAX_CHANNELS, buffer.numberOfChannels);
    // Copies: the engine takes the arrays over (transferred), and an AudioBuffer keeps its own.
    const data = Array.from({ length: channels }, (_, channel) => buffer.getChannelData(channel).slice());
    let slot = 0;
    while (this.slots.has(slot)) slot++;
    this.slots.add(slot);
    this.engine.send([{ op: "source", slot, frames: buffer.length, data }]);
    return { slot, frames: buffer.length };
  }
}
