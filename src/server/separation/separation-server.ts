// An external separation server (SEPARATION_URL): a model server (Demucs, UVR, a model deployment's
// stem endpoint) separates far more cleanly than our DSP masks, so when one is configured it takes
// the separate_stems job and ours is the fallback. Its API, in the shape of the model servers we
// talk to (a task released, then polled):
//   POST {url}/separate            multipart: audio (the song's stored file), stems ("vocals,drums,bass,other")
//                                  -> {task_id}
//   GET  {url}/separate/{task_id}  -> {status: "queued" | "running" | "done" | "failed", stems?: [{name, file}], error?}
//   GET  {file}                    each stem's audio (WAV, FLAC, MP3 or Ogg; a path is taken on {url})
// Every answer is checked with zod and the audio decoded with our own decoders.
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { resamplePcm } from "../../engine/node.ts";
import { encodeWav, type PlanarAudio } from "../../shared/audio/wav.ts";
import { decodeAudio } from "../clips/clip-audio.ts";
import { newServerDsp } from "../clips/server-dsp.ts";
import { SEPARATED_STEMS, type SeparatedStem } from "./separate-audio.ts";

export interface SeparationServerSetting {
  /** The server's base URL, e.g. http://10.0.0.5:8002. */
  readonly url: string;
  /** Sent as a bearer token when the server requires a key. */
  readonly apiKey?: string;
  readonly pollIntervalMs?: number;
  /** A task not done by then fails, and our own separation runs instead. */
  readonly timeoutMs?: number;
}

/** SEPARATION_URL (and SEPARATION_API_KEY): unset means our own separation only. */
export function readSeparationServerSetting(
  env: NodeJS.ProcessEnv,
  problem: (message: string) => Error,
): SeparationServerSetting | undefined {
  const url = env.SEPARATION_URL?.trim();
  if (!url) return undefined;
  if (!/^https?:\/\/[^/]/.test(url)) {
    throw problem(
      `SEPARATION_URL=${url} is not an address: set it to the separation server's http:// or https:// address, or unset it to separate stems on this server.`,
    );
  }
  return { url, apiKey: env.SEPARATION_API_KEY || undefined };
}

const releaseSchema = z.object({ task_id: z.string().min(1) });
const taskSchema = z.object({
  status: z.enum(["queued", "running", "done", "failed"]),
  stems: z.array(z.object({ name: z.string().min(1), file: z.string().min(1) })).nullish(),
  error: z.string().nullish(),
});

/** The stem a server's name stands for: its own three, and everything else (guitar, piano, ...) is "other". */
function stemFor(name: string): SeparatedStem {
  const lower = name.trim().toLowerCase();
  if (lower === "vocals" || lower === "vocal" || lower === "voice") return "vocals";
  if (lower === "drums" || lower === "bass") return lower;
  return "other";
}

/**
 * The server's stems made to line up with the song: its rate, length and channel count, each of
 * vocals, drums and bass from the stem of that name, and "other" the sum of all the rest (a six-stem
 * model's guitar and piano), so the four still sum to what the server gave.
 */
export function conformStems(
  stems: readonly { readonly name: string; readonly audio: PlanarAudio }[],
  song: { readonly sampleRate: number; readonly frames: number; readonly channels: number },
): { name: SeparatedStem; audio: PlanarAudio }[] {
  const sums = new Map<SeparatedStem, Float32Array[]>();
  for (const stem of stems) {
    const target = stemFor(stem.name);
    if (target !== "other" && sums.has(target))
      throw new Error(`The separation server named ${target} twice`);
    const channels = fitted(stem.audio, song.sampleRate, song.frames, song.channels);
    const sum = sums.get(target);
    if (!sum) sums.set(target, channels);
    else for (const [c, channel] of sum.entries()) addInto(channel, channels[c]);
  }
  return SEPARATED_STEMS.map((name) => {
    const channels = sums.get(name);
    if (!channels && name !== "other") throw new Error(`The separation server gave no ${name} stem`);
    return {
      name,
      audio: {
        sampleRate: song.sampleRate,
        channels: channels ?? Array.from({ length: song.channels }, () => new Float32Array(song.frames)),
      },
    };
  });
}

function addInto(target: Float32Array, source: Float32Array): void {
  for (let n = 0; n < target.length; n++) target[n] += source[n];
}

/** `audio` in the song's rate, channel count (a mono song takes the mean) and length (cut or padded with silence). */
function fitted(
  audio: PlanarAudio,
  sampleRate: number,
  frames: number,
  channelCount: number,
): Float32Array[] {
  if (audio.channels.length === 0 || !(audio.sampleRate > 0))
    throw new Error("The separation server's stem has no audio");
  const resampled =
    audio.sampleRate === sampleRate
      ? audio.channels
      : resamplePcm(newServerDsp(), audio.channels, audio.sampleRate, sampleRate);
  const channels =
    channelCount === 1 && resampled.length > 1
      ? [resampled[0].map((x, n) => (x + resampled[1][n]) / 2)]
      : Array.from({ length: channelCount }, (_, c) => resampled[Math.min(c, resampled.length - 1)]);
  return channels.map((channel) => {
    const out = new Float32Array(frames);
    out.set(channel.subarray(0, frames));
    return out;
  });
}

/** A client of one separation server; `separate` answers the four stems as 32-bit float WAVs, as our thread does. */
export class SeparationServer {
  private readonly base: string;

  constructor(private readonly setting: SeparationServerSetting) {
    this.base = setting.url.replace(/\/+$/, "");
  }

  private async fetchOk(url: string, init: RequestInit, what: string): Promise<Response> {
    const headers = this.setting.apiKey ? { authorization: `Bearer ${this.setting.apiKey}` } : undefined;
    const response = await fetch(url, { ...init, headers });
    if (!response.ok) {
      const text = (await response.text()).slice(0, 200);
      throw new Error(`The separation server answered ${response.status} to ${what}: ${text}`);
    }
    return response;
  }

  private async json<T extends z.ZodType>(response: Response, schema: T, what: string): Promise<z.infer<T>> {
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new Error(`The separation server's answer to ${what} was not understood`);
    return parsed.data;
  }

  async separate(
    bytes: Uint8Array,
    signal: AbortSignal,
  ): Promise<{ name: SeparatedStem; wav: Uint8Array }[]> {
    const song = await decodeAudio(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const frames = song.channels[0]?.length ?? 0;
    if (frames === 0) throw new Error("The song has no audio to send");
    const timeout = AbortSignal.timeout(this.setting.timeoutMs ?? 10 * 60_000);
    const both = AbortSignal.any([signal, timeout]);
    const form = new FormData();
    form.set("audio", new Blob([new Uint8Array(bytes)]), "song");
    form.set("stems", SEPARATED_STEMS.join(","));
    const { task_id } = await this.json(
      await this.fetchOk(`${this.base}/separate`, { method: "POST", body: form, signal: both }, "separate"),
      releaseSchema,
      "separate",
    );
    const taskUrl = `${this.base}/separate/${encodeURIComponent(task_id)}`;
    for (;;) {
      const task = await this.json(
        await this.fetchOk(taskUrl, { signal: both }, "the task"),
        taskSchema,
        "the task",
      );
      if (task.status === "failed")
        throw new Error(`The separation server failed the task: ${task.error ?? "no reason"}`);
      if (task.status === "done") {
        const stems = await Promise.all(
          (task.stems ?? []).map(async (stem) => ({
            name: stem.name,
            audio: await this.download(stem.file, both),
          })),
        );
        const conformed = conformStems(stems, {
          sampleRate: song.sampleRate,
          frames,
          channels: song.channels.length,
        });
        return conformed.map((stem) => ({
          name: stem.name,
          wav: new Uint8Array(encodeWav(stem.audio, "float32")),
        }));
      }
      await sleep(this.setting.pollIntervalMs ?? 1000, undefined, { signal: both });
    }
  }

  private async download(file: string, signal: AbortSignal): Promise<PlanarAudio> {
    const url = /^https?:\/\//.test(file) ? file : `${this.base}${file.startsWith("/") ? "" : "/"}${file}`;
    const response = await this.fetchOk(url, { signal }, "a stem's audio");
    return decodeAudio(Buffer.from(await response.arrayBuffer()));
  }
}
