// The generator's worker threads as typed calls: each sends one job to the pool and unwraps its
// answer. Audio the caller keeps (a request's source) is copied on the way; audio made for the
// job alone is moved.
import { availableParallelism } from "node:os";
import type { SourceAnalysis } from "../analysis/analyse-source.ts";
import type { AlignedWord } from "../generator.ts";
import type { InstrumentStemName } from "../render/render-stems.ts";
import type { Score } from "../score.ts";
import type { PcmAudio, SongRequest } from "../song-request.ts";
import { buffersOf, type GeneratorJob, type GeneratorJobResult, type StemChunk } from "./generator-jobs.ts";
import { WorkerPool } from "./worker-pool.ts";

const ENTRY = new URL("../thread/generator-thread.mjs", import.meta.url);

/** Threads by default: a core left for the server, at most four (a song has four instrument stems). */
function defaultThreadCount(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

function copyOf(audio: PcmAudio): PcmAudio {
  return { sampleRate: audio.sampleRate, channels: audio.channels.map((channel) => channel.slice()) };
}

export class GeneratorThreads {
  private readonly pool: WorkerPool<GeneratorJob, GeneratorJobResult>;

  /** Starts every thread at once: a request should not wait for one to load. */
  constructor(readonly size = defaultThreadCount()) {
    this.pool = new WorkerPool(ENTRY, size, size);
  }

  private async run<Kind extends GeneratorJobResult["kind"]>(
    kind: Kind,
    job: GeneratorJob,
    signal: AbortSignal,
    transfer: ArrayBuffer[] = [],
    onChunk?: (chunk: StemChunk) => void,
  ): Promise<Extract<GeneratorJobResult, { kind: Kind }>> {
    const result = await this.pool.run<StemChunk>(job, transfer, signal, onChunk);
    if (result.kind !== kind) throw new Error(`A generator thread answered ${result.kind} to ${kind}`);
    return result as Extract<GeneratorJobResult, { kind: Kind }>;
  }

  /** Renders the stems front to back, a chunk of each at a time; resolves with their length in frames. */
  async stems(
    score: Score,
    stems: readonly InstrumentStemName[],
    sampleRate: number,
    chunkFrames: number,
    onChunk: (chunk: StemChunk) => void,
    signal: AbortSignal,
  ): Promise<number> {
    const job: GeneratorJob = { kind: "stems", score, stems, sampleRate, chunkFrames };
    return (await this.run("stems", job, signal, [], onChunk)).frames;
  }

  /** The instrument stems of a (short) score rendered whole and summed. */
  async probe(
    score: Score,
    stems: readonly InstrumentStemName[],
    sampleRate: number,
    signal: AbortSignal,
  ): Promise<PcmAudio> {
    return (await this.run("probe", { kind: "probe", score, stems, sampleRate }, signal)).audio;
  }

  async vocals(
    score: Score,
    sampleRate: number,
    signal: AbortSignal,
  ): Promise<{ audio: PcmAudio; alignedWords: AlignedWord[] }> {
    const { audio, alignedWords } = await this.run("vocals", { kind: "vocals", score, sampleRate }, signal);
    return { audio, alignedWords };
  }

  /** Masters audio the caller hands over (its buffers move to the thread). */
  async master(
    premaster: PcmAudio,
    remaster: SongRequest["remaster"],
    signal: AbortSignal,
  ): Promise<PcmAudio> {
    const job: GeneratorJob = { kind: "master", premaster, remaster };
    return (await this.run("master", job, signal, buffersOf(premaster))).mix;
  }

  async speed(
    audio: PcmAudio,
    multiplier: number,
    keepPitch: boolean,
    signal: AbortSignal,
  ): Promise<PcmAudio> {
    const own = copyOf(audio);
    const job: GeneratorJob = { kind: "speed", audio: own, multiplier, keepPitch };
    return (await this.run("speed", job, signal, buffersOf(own))).audio;
  }

  async analyse(audio: PcmAudio, signal: AbortSignal): Promise<SourceAnalysis> {
    const own = copyOf(audio);
    return (await this.run("analyse", { kind: "analyse", audio: own }, signal, buffersOf(own))).analysis;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
