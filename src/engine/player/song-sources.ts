// The songs the queue player holds in the engine: each fetched and decoded once (at the context's
// rate, so no resampling), loaded into a source slot, and released when neither the current nor
// the next song needs it. A WAV at the context's rate (the server's own files) is read as it
// arrives: the song is ready on its first second and the rest follows into the same slot, so a
// click sounds without waiting for the whole file. Anything else is decoded whole by the browser.
// A song with a compressed copy (m4a) is fetched and decoded from it first; if that copy does not
// load or does not decode, from its original (spec 001 section 4: "falls back ... to the original
// URL on play failure"), each fetch with the decoder-open retries.

import { DECODER_OPEN, loadWithRetries } from "../../shared/audio/load-retry.ts";
import type { EngineNode } from "../engine-node.ts";
import { type SongHead, songHeads } from "./song-heads.ts";
import { markStep } from "./timing-marks.ts";
import { WavStream } from "./wav-stream.ts";

/** Where a song's audio is: its original file, and the compressed copy tried first when there is one. */
export interface SongAudio {
  readonly url: string;
  readonly compressedUrl: string | null;
}

export interface LoadedSong {
  readonly slot: number;
  readonly frames: number;
}

/** The engine reads at most two channels. */
const MAX_CHANNELS = 2;
/**
 * A song read as it arrives is ready once this much of it (seconds) is in. A quarter second started
 * the sound a few milliseconds sooner but ran dry on a busy machine (a 29 ms hole early in the song
 * in the gapless test); a second of lead keeps playback whole while the rest arrives.
 */
const READY_SECONDS = 1;

export class SongSources {
  private readonly byUrl = new Map<string, Promise<LoadedSong>>();
  private readonly slots = new Set<number>();
  /** Slots still filling as their file arrives, each with its load's token: a released one stops taking more. */
  private readonly filling = new Map<number, object>();

  constructor(
    private readonly context: BaseAudioContext,
    private readonly engine: EngineNode,
  ) {}

  /**
   * The song's source (known by its original's address), loading it on the first call; a failed
   * load is forgotten, so a later call retries.
   */
  load(audio: SongAudio): Promise<LoadedSong> {
    const { url } = audio;
    let loading = this.byUrl.get(url);
    if (loading === undefined) {
      loading = this.loadFormats(audio);
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
          this.filling.delete(song.slot);
        },
        () => undefined,
      );
    }
  }

  /** The compressed copy, then the original: a copy that fails to load or decode is not retried as a decode. */
  private async loadFormats(audio: SongAudio): Promise<LoadedSong> {
    if (audio.compressedUrl !== null) {
      try {
        return await this.decodeCompressed(audio.compressedUrl);
      } catch (error) {
        console.warn("The song's compressed audio did not play; its original file takes over", error);
      }
    }
    return this.decode(audio.url);
  }

  /** A compressed file is decoded whole by the browser (no partial decode of m4a). */
  private async decodeCompressed(url: string): Promise<LoadedSong> {
    markStep("fetch");
    const answer = await fetchAudio(url);
    markStep("response");
    return this.decodeWhole([new Uint8Array(await answer.arrayBuffer())]);
  }

  private async decode(url: string): Promise<LoadedSong> {
    markStep("fetch");
    const reader = await songReader(url);
    markStep("response");
    const wav = new WavStream();
    const received: Uint8Array[] = [];
    while (wav.status.kind === "more") {
      const { done, value } = await reader.read();
      if (done) break;
      received.push(value);
      wav.push(value);
    }
    const { status } = wav;
    if (status.kind !== "wav" || status.format.sampleRate !== this.context.sampleRate) {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        received.push(chunk.value);
      return this.decodeWhole(received);
    }
    const { frames } = status.format;
    const ready = Math.min(frames, READY_SECONDS * this.context.sampleRate);
    const first: Float32Array[][] = [];
    let arrived = 0;
    for (;;) {
      const taken = wav.take();
      first.push(taken);
      arrived += taken[0]?.length ?? 0;
      if (arrived >= ready) break;
      const { done, value } = await reader.read();
      if (done) break;
      wav.push(value);
    }
    const slot = this.claimSlot();
    this.engine.send([{ op: "source", slot, frames, data: joinRuns(first) }]);
    markStep("source");
    const token = {};
    this.filling.set(slot, token);
    void this.fill(slot, token, reader, wav, arrived);
    return { slot, frames };
  }

  /** The rest of a song read as it arrives, appended to its slot until it ends or is released. */
  private async fill(
    slot: number,
    token: object,
    reader: ReadableStreamDefaultReader<Uint8Array>,
    wav: WavStream,
    from: number,
  ): Promise<void> {
    let offset = from;
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        // Released (its slot may already hold another song): the rest is not wanted.
        if (this.filling.get(slot) !== token) {
          await reader.cancel();
          return;
        }
        wav.push(chunk.value);
        const data = wav.take().slice(0, MAX_CHANNELS);
        const length = data[0]?.length ?? 0;
        if (length === 0) continue;
        this.engine.send([{ op: "source-append", slot, offset, data }]);
        offset += length;
      }
    } catch (error) {
      // What did not arrive stays silent; the song plays on to its end.
      console.warn("The song's audio stopped arriving", error);
    } finally {
      if (this.filling.get(slot) === token) this.filling.delete(slot);
    }
  }

  private async decodeWhole(received: readonly Uint8Array[]): Promise<LoadedSong> {
    const bytes = new Uint8Array(received.reduce((sum, chunk) => sum + chunk.length, 0));
    let at = 0;
    for (const chunk of received) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    const buffer = await this.context.decodeAudioData(bytes.buffer);
    const channels = Math.min(MAX_CHANNELS, buffer.numberOfChannels);
    // Copies: the engine takes the arrays over (transferred), and an AudioBuffer keeps its own.
    const data = Array.from({ length: channels }, (_, channel) => buffer.getChannelData(channel).slice());
    const slot = this.claimSlot();
    this.engine.send([{ op: "source", slot, frames: buffer.length, data }]);
    markStep("source");
    return { slot, frames: buffer.length };
  }

  private claimSlot(): number {
    let slot = 0;
    while (this.slots.has(slot)) slot++;
    this.slots.add(slot);
    return slot;
  }
}

/** The song's file from `from` bytes on (all of it from 0); a network failure or a server error is tried again (the decoder-open rule), a refusal is not. */
function fetchAudio(url: string, from = 0): Promise<Response> {
  return loadWithRetries(async () => {
    const answer = await fetch(url, from > 0 ? { headers: { range: `bytes=${from}-` } } : undefined);
    if (!answer.ok)
      throw Object.assign(new Error(`The song's audio did not load (${answer.status})`), {
        status: answer.status,
      });
    return answer;
  }, DECODER_OPEN);
}

/**
 * The song's bytes as they come: its head from memory when the list fetched it ahead (the rest
 * asked for at once, from where the head ends), else the whole file.
 */
async function songReader(url: string): Promise<ReadableStreamDefaultReader<Uint8Array>> {
  const head = await songHeads.take(url);
  if (head === undefined) {
    const answer = await fetchAudio(url);
    return answer.body?.getReader() ?? readerOf(wholeBody(answer));
  }
  const rest = head.whole ? null : fetchAudio(url, head.bytes.length);
  // Held until read: a failure of the rest is the reader's to report, not an unhandled rejection.
  rest?.catch(() => undefined);
  return readerOf(afterHead(head, rest));
}

function readerOf(chunks: AsyncGenerator<Uint8Array>): ReadableStreamDefaultReader<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  }).getReader();
}

async function* wholeBody(answer: Response): AsyncGenerator<Uint8Array> {
  yield new Uint8Array(await answer.arrayBuffer());
}

/** The head, then the rest of the file (its first bytes skipped when the server ignored the range). */
async function* afterHead(head: SongHead, rest: Promise<Response> | null): AsyncGenerator<Uint8Array> {
  yield head.bytes.slice();
  if (rest === null) return;
  const answer = await rest;
  const reader = answer.body?.getReader();
  if (reader === undefined) return;
  let skip = answer.status === 206 ? 0 : head.bytes.length;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const part = skip > 0 ? chunk.value.subarray(skip) : chunk.value;
      skip = Math.max(0, skip - chunk.value.length);
      if (part.length > 0) yield part;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Runs of planar samples joined into one array per channel (at most two). */
function joinRuns(runs: readonly Float32Array[][]): Float32Array[] {
  const channels = Math.min(MAX_CHANNELS, runs[0]?.length ?? 0);
  return Array.from({ length: channels }, (_, channel) => {
    const joined = new Float32Array(runs.reduce((sum, run) => sum + (run[channel]?.length ?? 0), 0));
    let at = 0;
    for (const run of runs) {
      const part = run[channel] as Float32Array;
      joined.set(part, at);
      at += part.length;
    }
    return joined;
  });
}
