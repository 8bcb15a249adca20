import type { GeneratedSong, GenerationProgress, Generator } from "../../generator/generator.ts";
import type { GenerationTask, PcmAudio, SongRequest } from "../../generator/song-request.ts";

/**
 * The tasks that need no model: Adjust Speed (the stretcher), Remaster (the mastering chain), Get
 * Full Song (joining clips) and edit mode's crop, fade and speed work on any stored audio; stems
 * are rendered from a stored score (the API refuses a song without one with a 4xx before taking
 * credits).
 */
export const MODEL_FREE_TASKS: ReadonlySet<GenerationTask> = new Set<GenerationTask>([
  "speed",
  "upsample",
  "concat",
  "edit_crop",
  "edit_fade",
  "edit_speed",
  "gen_stem",
  "stem_condition",
]);

export interface CompositeGeneratorOptions {
  /** Makes the songs: every task but the model-free ones (it refuses the tasks it cannot do). */
  readonly model: Generator;
  /** Carries out the model-free tasks; made on the first such task, so an idle one costs no threads. */
  readonly local: () => Generator;
}

/** A model for the music, the built-in generator's task code for what needs only audio or a score. */
export class CompositeGenerator implements Generator {
  readonly name: string;
  private local: Generator | null = null;

  constructor(private readonly options: CompositeGeneratorOptions) {
    this.name = options.model.name;
  }

  /** Which of the two carries out a task. */
  routeOf(task: GenerationTask): "model" | "local" {
    return MODEL_FREE_TASKS.has(task) ? "local" : "model";
  }

  refusal(task: GenerationTask): string | null {
    return this.routeOf(task) === "local" ? null : (this.options.model.refusal?.(task) ?? null);
  }

  /** Sources are built on by the model's tasks (infill, extend): the model prepares them. */
  prepare(source: PcmAudio): void {
    this.options.model.prepare?.(source);
  }

  generate(
    request: SongRequest,
    onProgress: (progress: GenerationProgress) => void,
    signal: AbortSignal,
  ): Promise<GeneratedSong> {
    if (this.routeOf(request.task) === "model")
      return this.options.model.generate(request, onProgress, signal);
    this.local ??= this.options.local();
    return this.local.generate(request, onProgress, signal);
  }

  async close(): Promise<void> {
    await Promise.all([this.options.model.close(), this.local?.close()]);
  }
}
