import { z } from "zod";
import { resamplePcm } from "../../engine/node.ts";
import { detectBpm, detectKey } from "../../generator/compose/style-text.ts";
import type { GeneratedSong, GenerationProgress, Generator } from "../../generator/generator.ts";
import { GENERATOR_SAMPLE_RATE } from "../../generator/generator.ts";
import type { GenerationTask, PcmAudio, SongRequest } from "../../generator/song-request.ts";
import { encodeWav } from "../../shared/audio/wav.ts";
import { decodeAudio } from "../clips/clip-audio.ts";
import { newServerDsp } from "../clips/server-dsp.ts";

// An external model server in ACE-Step's API shape (acestep.api_server): POST /release_task with the
// song's texts and settings (multipart with the source audio for covers and repaints), then POST
// /query_result {task_id_list} until the task's status is 1 (done) or 2 (failed), then the audio from
// the file URL the result names. Every answer is wrapped as {data, code, error}.

export interface AceStepOptions {
  /** The server's base URL, e.g. http://127.0.0.1:8001. */
  readonly url: string;
  /** Sent as a bearer token when the server requires a key (ACESTEP_API_KEY). */
  readonly apiKey?: string;
  readonly pollIntervalMs?: number;
  /** A task not done by then fails (the model server may be stuck or gone). */
  readonly timeoutMs?: number;
}

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ data: data.nullish(), code: z.number().optional(), error: z.string().nullish() });

const releaseSchema = envelope(z.object({ task_id: z.string().min(1) }));
const querySchema = envelope(
  z.array(z.object({ task_id: z.string(), status: z.number(), result: z.string().nullish() })),
);
const resultItemSchema = z.object({
  file: z.string().min(1),
  prompt: z.string().nullish(),
  lyrics: z.string().nullish(),
  metas: z
    .object({ bpm: z.union([z.number(), z.string()]).nullish(), duration: z.number().nullish() })
    .loose()
    .nullish(),
});

/** ACE-Step's task types for ours; tasks it has no counterpart for are refused. */
export function aceTaskType(task: GenerationTask): "text2music" | "cover" | "repaint" | null {
  if (task === "create") return "text2music";
  if (task.includes("cover") || task === "artist_consistency" || task === "vox") return "cover";
  if (task.includes("infill") || task === "extend" || task === "upload_extend" || task === "artist_extend") {
    return "repaint";
  }
  return null;
}

const sourceSeconds = (audio: PcmAudio) => (audio.channels[0]?.length ?? 0) / audio.sampleRate;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new Error("aborted"));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new Error("aborted"));
    });
  });

/** The fields of a release_task call for a request (the source audio goes separately). */
export function releaseFields(request: SongRequest): Record<string, string | number | boolean> {
  const taskType = aceTaskType(request.task);
  if (!taskType) throw new Error(`The external model server does not do ${request.task}`);
  const fields: Record<string, string | number | boolean> = {
    prompt: [request.tags, request.negativeTags ? `no ${request.negativeTags}` : ""]
      .filter(Boolean)
      .join(", "),
    lyrics: request.instrumental ? "[Instrumental]" : request.lyrics,
    task_type: taskType,
    use_random_seed: false,
    seed: request.seed,
    batch_size: 1,
    audio_format: "wav",
  };
  // A repaint keeps its source's tempo and key; otherwise a BPM or key written in the styles wins.
  const fromSource = {
    bpm: request.analysis?.bpm ?? request.source?.score?.bpm,
    key: request.analysis?.key ?? request.source?.score?.key,
  };
  const fromTags = { bpm: detectBpm(request.tags.toLowerCase()), key: detectKey(request.tags) };
  const [first, second] = taskType === "repaint" ? [fromSource, fromTags] : [fromTags, fromSource];
  const bpm = first.bpm ?? second.bpm;
  if (bpm) fields.bpm = Math.round(bpm);
  const key = first.key ?? second.key;
  // ACE-Step spells a key "C Major", "F# Minor".
  if (key) fields.key_scale = `${key.tonic} ${key.mode.charAt(0).toUpperCase()}${key.mode.slice(1)}`;
  if (taskType === "repaint" && request.source) {
    const length = sourceSeconds(request.source.audio);
    if (request.infill) {
      fields.repainting_start = request.infill.start;
      fields.repainting_end = request.infill.end;
      fields.audio_duration = length;
    } else {
      const from = request.continueAt ?? length;
      fields.repainting_start = from;
      fields.repainting_end = -1;
      fields.audio_duration = from + (request.durationSeconds ?? 60);
    }
  } else if (request.durationSeconds !== null) {
    fields.audio_duration = request.durationSeconds;
  }
  if (taskType === "cover") fields.audio_cover_strength = request.audioWeight;
  return fields;
}

/** What a task the model server has no counterpart for is told, before anything is charged. */
export function aceRefusal(task: GenerationTask): string {
  return `The song model this server uses cannot do this (${task.replaceAll("_", " ")}). Nothing was charged.`;
}

export class AceStepGenerator implements Generator {
  readonly name = "ace-step";
  private readonly base: string;

  constructor(private readonly options: AceStepOptions) {
    this.base = options.url.replace(/\/+$/, "");
  }

  refusal(task: GenerationTask): string | null {
    return aceTaskType(task) ? null : aceRefusal(task);
  }

  private headers(json: boolean): Record<string, string> {
    return {
      ...(json ? { "content-type": "application/json" } : {}),
      ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
    };
  }

  private async call(path: string, body: BodyInit, json: boolean, signal: AbortSignal): Promise<unknown> {
    const response = await fetch(`${this.base}${path}`, {
      method: "POST",
      body,
      headers: this.headers(json),
      signal,
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`The model server answered ${response.status} to ${path}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`The model server answered ${path} with something other than JSON`);
    }
  }

  private async release(request: SongRequest, signal: AbortSignal): Promise<string> {
    const fields = releaseFields(request);
    let answer: unknown;
    if (request.source && fields.task_type !== "text2music") {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
      const wav = encodeWav(request.source.audio, "pcm16");
      form.set("src_audio", new Blob([wav], { type: "audio/wav" }), "source.wav");
      answer = await this.call("/release_task", form, false, signal);
    } else {
      answer = await this.call("/release_task", JSON.stringify(fields), true, signal);
    }
    const parsed = releaseSchema.safeParse(answer);
    if (!parsed.success || !parsed.data.data) {
      throw new Error(`The model server refused the task: ${parsed.data?.error ?? "no task id"}`);
    }
    return parsed.data.data.task_id;
  }

  private async waitForResult(
    taskId: string,
    signal: AbortSignal,
  ): Promise<z.infer<typeof resultItemSchema>> {
    const deadline = Date.now() + (this.options.timeoutMs ?? 15 * 60_000);
    for (;;) {
      const answer = querySchema.safeParse(
        await this.call("/query_result", JSON.stringify({ task_id_list: [taskId] }), true, signal),
      );
      if (!answer.success) throw new Error("The model server's query_result answer was not understood");
      const task = answer.data.data?.find((item) => item.task_id === taskId);
      if (task?.status === 2)
        throw new Error(`The model server failed the task: ${task.result ?? "no reason"}`);
      if (task?.status === 1) {
        const items = z
          .array(resultItemSchema)
          .min(1)
          .safeParse(JSON.parse(task.result ?? "[]"));
        if (!items.success) throw new Error("The model server's result names no audio file");
        return items.data[0];
      }
      if (Date.now() > deadline) throw new Error("The model server did not finish in time");
      await sleep(this.options.pollIntervalMs ?? 2000, signal);
    }
  }

  private async download(file: string, signal: AbortSignal): Promise<PcmAudio> {
    const url = /^https?:\/\//.test(file) ? file : `${this.base}${file.startsWith("/") ? "" : "/"}${file}`;
    const response = await fetch(url, { headers: this.headers(false), signal });
    if (!response.ok) throw new Error(`The model server's audio answered ${response.status}`);
    const decoded = await decodeAudio(Buffer.from(await response.arrayBuffer()));
    if (decoded.channels.length === 0) throw new Error("The model server's audio is empty");
    const stereo =
      decoded.channels.length === 1
        ? [decoded.channels[0], decoded.channels[0]]
        : decoded.channels.slice(0, 2);
    const channels =
      decoded.sampleRate === GENERATOR_SAMPLE_RATE
        ? stereo
        : resamplePcm(newServerDsp(), stereo, decoded.sampleRate, GENERATOR_SAMPLE_RATE);
    return { sampleRate: GENERATOR_SAMPLE_RATE, channels };
  }

  async generate(
    request: SongRequest,
    onProgress: (progress: GenerationProgress) => void,
    signal: AbortSignal,
  ): Promise<GeneratedSong> {
    const taskId = await this.release(request, signal);
    const result = await this.waitForResult(taskId, signal);
    const mix = await this.download(result.file, signal);
    // The model answers whole songs: the clip streams once, when it arrives.
    onProgress({ chunk: mix, atSeconds: 0 });
    const bpm = Number(result.metas?.bpm ?? 0);
    return {
      mix,
      stems: [],
      midi: null,
      alignedWords: [],
      avgBpm: Number.isFinite(bpm) && bpm > 0 ? bpm : 0,
      downbeats: [],
      durationSeconds: sourceSeconds(mix),
      image: new Uint8Array(0),
      lyrics: request.instrumental ? "" : (result.lyrics ?? request.lyrics),
      tags: request.tags,
      title: request.title,
      score: null,
    };
  }

  async close(): Promise<void> {}
}
