import type { GenerationProgress } from "../../generator/generator.ts";
import type { Storage } from "../storage/storage.ts";
import { generatedKey, mixWav, putBytes } from "./song-outputs.ts";

/** The first snapshot goes out once this much is rendered, so the clip plays almost at once. */
const FIRST_SNAPSHOT_S = 0.5;
/** Later ones when the audio has doubled (and grown this much): all snapshots add up to about twice the song. */
const MIN_GROWTH_S = 5;

/**
 * A clip that plays while it renders. Rendered audio is kept as it arrives; from time to time the
 * audio so far is stored as a WAV of its own and becomes the clip's audio (status streaming), so any
 * player, cache or second server instance serves it with the usual media route and ranges. Snapshots
 * double in length, keeping the bytes written linear in the song's length; they are removed once the
 * finished audio has replaced them.
 */
export class StreamingAudio {
  private readonly chunks: GenerationProgress[] = [];
  private renderedSeconds = 0;
  private snapshotSeconds = 0;
  private inFlight: Promise<void> | null = null;
  private readonly keys: string[] = [];
  private failed: unknown = null;

  constructor(
    private readonly storage: Storage,
    private readonly clipId: string,
    /** Makes a stored snapshot the clip's audio (and tells its owner). */
    private readonly publish: (audioKey: string, seconds: number) => Promise<void>,
  ) {}

  add(progress: GenerationProgress): void {
    const frames = progress.chunk.channels[0]?.length ?? 0;
    if (frames === 0) return;
    this.chunks.push(progress);
    this.renderedSeconds = Math.max(
      this.renderedSeconds,
      progress.atSeconds + frames / progress.chunk.sampleRate,
    );
    const due =
      this.snapshotSeconds === 0
        ? this.renderedSeconds >= FIRST_SNAPSHOT_S
        : this.renderedSeconds >= Math.max(2 * this.snapshotSeconds, this.snapshotSeconds + MIN_GROWTH_S);
    if (due && !this.inFlight && this.failed === null) {
      this.inFlight = this.snapshot().finally(() => {
        this.inFlight = null;
      });
    }
  }

  private async snapshot(): Promise<void> {
    const sampleRate = this.chunks[0].chunk.sampleRate;
    const channelCount = Math.max(...this.chunks.map((c) => c.chunk.channels.length));
    const frames = Math.round(this.renderedSeconds * sampleRate);
    const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
    for (const { chunk, atSeconds } of this.chunks) {
      const at = Math.round(atSeconds * sampleRate);
      channels.forEach((channel, c) => {
        const source = chunk.channels[c] ?? chunk.channels[0];
        channel.set(source.subarray(0, Math.max(0, frames - at)), at);
      });
    }
    const seconds = frames / sampleRate;
    const key = generatedKey(this.clipId, `stream-${this.keys.length}.wav`);
    try {
      await putBytes(this.storage, key, mixWav({ sampleRate, channels }), "audio/wav");
      this.keys.push(key);
      this.snapshotSeconds = seconds;
      await this.publish(key, seconds);
    } catch (error) {
      // Streaming is a convenience: the finished clip does not depend on it.
      this.failed = error;
    }
  }

  /** Waits for a snapshot being written: call before the finished audio takes over. */
  async settle(): Promise<void> {
    await this.inFlight;
  }

  /** Removes the snapshots once nothing points at them any more. */
  async discard(): Promise<void> {
    await this.settle();
    await Promise.all(this.keys.map((key) => this.storage.delete(key).catch(() => {})));
  }
}
