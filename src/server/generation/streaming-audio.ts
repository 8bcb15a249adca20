import { PassThrough, type Readable } from "node:stream";
import type { GenerationProgress } from "../../generator/generator.ts";
import { wavHeader } from "../../shared/audio/wav.ts";
import type { Storage } from "../storage/storage.ts";
import { generatedKey, mixWav, putBytes } from "./song-outputs.ts";

/** The first snapshot goes out once this much is rendered, so the clip plays almost at once. */
const FIRST_SNAPSHOT_S = 0.5;
/** Later ones when the audio has doubled (and grown this much): all snapshots add up to about twice the song. */
const MIN_GROWTH_S = 5;
const BYTES_PER_SAMPLE = 2;

/** The clips rendering in this process: their audio so far, which a listener can follow as it grows. */
const rendering = new Map<string, StreamingAudio>();

/**
 * The growing WAV of a clip rendering in this process, or null when none is (another instance
 * renders it, or it is done): an open-ended header, the audio so far, then each chunk as it comes,
 * ending when the render does.
 */
export const followRendering = (clipId: string): Readable | null => rendering.get(clipId)?.follow() ?? null;

/**
 * A clip that plays while it renders. Rendered audio is kept as 16-bit PCM, the clip's stored
 * format. Listeners on this server follow it as one growing response (followRendering), so the
 * player never reaches the end of what exists while more is coming. From time to time the audio so
 * far is also stored as a WAV of its own and becomes the clip's audio (status streaming): that marks
 * the clip playable, and any other server instance, cache or player serves it with the usual media
 * route and ranges. Snapshots double in length, keeping the bytes written linear in the song's
 * length; they are removed once the finished audio has replaced them.
 */
export class StreamingAudio {
  private readonly pcm: Buffer[] = [];
  private frames = 0;
  private sampleRate = 0;
  private channelCount = 0;
  private snapshotSeconds = 0;
  private inFlight: Promise<void> | null = null;
  private readonly keys: string[] = [];
  private failed: unknown = null;
  private readonly followers = new Set<PassThrough>();
  private ended = false;

  constructor(
    private readonly storage: Storage,
    private readonly clipId: string,
    /** Makes a stored snapshot the clip's audio (and tells its owner). */
    private readonly publish: (audioKey: string, seconds: number) => Promise<void>,
  ) {
    rendering.set(clipId, this);
  }

  add(progress: GenerationProgress): void {
    const { chunk } = progress;
    if (this.ended || (chunk.channels[0]?.length ?? 0) === 0) return;
    if (this.sampleRate === 0) {
      this.sampleRate = chunk.sampleRate;
      this.channelCount = chunk.channels.length;
    }
    // Chunks come in order; a gap is silence and an overlap was heard already.
    const at = Math.round(progress.atSeconds * this.sampleRate);
    if (at > this.frames) {
      const gap = at - this.frames;
      this.append(Array.from({ length: this.channelCount }, () => new Float32Array(gap)));
    }
    const skip = Math.max(0, this.frames - at);
    const channels = Array.from({ length: this.channelCount }, (_, c) =>
      (chunk.channels[c] ?? chunk.channels[0]).subarray(skip),
    );
    if (channels[0].length > 0) this.append(channels);

    const seconds = this.frames / this.sampleRate;
    const due =
      this.snapshotSeconds === 0
        ? seconds >= FIRST_SNAPSHOT_S
        : seconds >= Math.max(2 * this.snapshotSeconds, this.snapshotSeconds + MIN_GROWTH_S);
    if (due && !this.inFlight && this.failed === null) {
      this.inFlight = this.snapshot().finally(() => {
        this.inFlight = null;
      });
    }
  }

  /**
   * Planar samples as interleaved 16-bit PCM, kept and sent on. Each chunk is dithered from the same
   * seed (the noise repeats about once a second, 96 dB down); the finished audio replaces it anyway.
   */
  private append(channels: readonly Float32Array[]): void {
    const bytes = mixWav({ sampleRate: this.sampleRate, channels: [...channels] }).subarray(44);
    this.pcm.push(bytes);
    this.frames += channels[0].length;
    for (const follower of this.followers) if (!follower.destroyed) follower.write(bytes);
  }

  /** The growing WAV so far and to come; null before any audio (no header can be written yet). */
  follow(): Readable | null {
    if (this.frames === 0) return null;
    const follower = new PassThrough();
    follower.write(Buffer.from(wavHeader("pcm16", this.channelCount, this.sampleRate, null)));
    for (const bytes of this.pcm) follower.write(bytes);
    if (this.ended) follower.end();
    else {
      this.followers.add(follower);
      follower.on("close", () => this.followers.delete(follower));
    }
    return follower;
  }

  private async snapshot(): Promise<void> {
    const frames = this.frames;
    const dataBytes = frames * this.channelCount * BYTES_PER_SAMPLE;
    const header = wavHeader("pcm16", this.channelCount, this.sampleRate, dataBytes);
    const bytes = Buffer.concat([header, ...this.pcm], header.length + dataBytes);
    const seconds = frames / this.sampleRate;
    const key = generatedKey(this.clipId, `stream-${this.keys.length}.wav`);
    try {
      await putBytes(this.storage, key, bytes, "audio/wav");
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

  /** The render is over (done or failed): followers get the end of their response, new ones none. */
  finish(): void {
    this.ended = true;
    if (rendering.get(this.clipId) === this) rendering.delete(this.clipId);
    for (const follower of this.followers) if (!follower.destroyed) follower.end();
    this.followers.clear();
  }

  /** Removes the snapshots once nothing points at them any more. */
  async discard(): Promise<void> {
    await this.settle();
    await Promise.all(this.keys.map((key) => this.storage.delete(key).catch(() => {})));
  }
}
