import type { AnalysisCache } from "../analysis/analysis-cache.ts";
import type { GenerationProgress } from "../generator.ts";
import type { SongRequest } from "../song-request.ts";
import type { GeneratorThreads } from "../workers/generator-threads.ts";

/** One generation in progress, as every task handler sees it. */
export interface TaskContext {
  readonly threads: GeneratorThreads;
  /** Sources' analyses, shared by the generations of this generator. */
  readonly analyses: AnalysisCache;
  readonly request: SongRequest;
  readonly sampleRate: number;
  readonly onProgress: (progress: GenerationProgress) => void;
  readonly signal: AbortSignal;
}

/** The request's source clip, or the error a client sees when a task needs one and has none. */
export function sourceOf(context: TaskContext) {
  const source = context.request.source;
  if (!source) throw new Error(`The ${context.request.task} task needs a source clip`);
  if (source.audio.sampleRate !== context.sampleRate) {
    throw new Error(
      `The source clip's audio is at ${source.audio.sampleRate} Hz, not ${context.sampleRate} Hz`,
    );
  }
  return source;
}
