// The built-in procedural generator: composes the song (compose/), renders its stems and vocals in
// worker threads (workers/), masters it while streaming it, and carries out the audio side of every
// task (tasks/). Deterministic: the same request gives the same bytes however the threads run.
import { AnalysisCache } from "./analysis/analysis-cache.ts";
import {
  GENERATOR_SAMPLE_RATE,
  type GeneratedSong,
  type GenerationProgress,
  type Generator,
} from "./generator.ts";
import type { GenerationTask, PcmAudio, SongRequest } from "./song-request.ts";
import { concatTask, remasterTask, speedTask } from "./tasks/audio-tasks.ts";
import { cutTask, editSpeedTask } from "./tasks/edit-tasks.ts";
import { type SongAudio, songOutputs } from "./tasks/song-outputs.ts";
import { createTask, extendTask, infillTask, paintTask, stemTask } from "./tasks/source-tasks.ts";
import type { TaskContext } from "./tasks/task-context.ts";
import { GeneratorThreads } from "./workers/generator-threads.ts";

const HANDLERS: Partial<Record<GenerationTask, (context: TaskContext) => Promise<SongAudio> | SongAudio>> = {
  speed: speedTask,
  upsample: remasterTask,
  concat: concatTask,
  edit_crop: cutTask,
  edit_fade: cutTask,
  edit_speed: editSpeedTask,
  extend: extendTask,
  upload_extend: extendTask,
  artist_extend: extendTask,
  infill: infillTask,
  fixed_infill: infillTask,
  infill_intro: infillTask,
  infill_outro: infillTask,
  cover_infill: infillTask,
  artist_infill: infillTask,
  stem_condition_infill: infillTask,
  underpainting: paintTask,
  overpainting: paintTask,
  gen_stem: stemTask,
  stem_condition: stemTask,
};

export interface BuiltInGeneratorOptions {
  /** Worker threads (default: the cores but one, at most four); 1 renders everything on one core. */
  readonly threads?: number;
}

export class BuiltInGenerator implements Generator {
  readonly name = "built-in";
  private readonly threads: GeneratorThreads;
  private readonly analyses: AnalysisCache;
  /** Ends the analyses kept for later generations when the generator closes. */
  private readonly closing = new AbortController();

  constructor(options: BuiltInGeneratorOptions = {}) {
    this.threads = new GeneratorThreads(options.threads);
    this.analyses = new AnalysisCache((audio) => this.threads.analyse(audio, this.closing.signal));
  }

  /** Analyses the source ahead (a generation from it finds the analysis made or under way). */
  prepare(source: PcmAudio): void {
    if (source.sampleRate !== GENERATOR_SAMPLE_RATE || this.closing.signal.aborted) return;
    // A failure is the generation's to report, when there is one.
    this.analyses.get(source).catch(() => {});
  }

  async generate(
    request: SongRequest,
    onProgress: (progress: GenerationProgress) => void,
    signal: AbortSignal,
  ): Promise<GeneratedSong> {
    signal.throwIfAborted();
    const context: TaskContext = {
      threads: this.threads,
      analyses: this.analyses,
      request,
      sampleRate: GENERATOR_SAMPLE_RATE,
      // Nothing more goes out once the generation is aborted.
      onProgress: (progress) => {
        if (!signal.aborted) onProgress(progress);
      },
      signal,
    };
    const handler = HANDLERS[request.task] ?? createTask;
    const audio = await handler(context);
    signal.throwIfAborted();
    const song = await songOutputs(this.threads, request, audio, signal);
    signal.throwIfAborted();
    return song;
  }

  close(): Promise<void> {
    this.closing.abort();
    return this.threads.close();
  }
}
