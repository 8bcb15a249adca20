import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { encodeWav } from "../src/shared/audio/wav.ts";

// A local stand-in for an ACE-Step api server, speaking its protocol: POST /release_task (JSON, or
// multipart with a src_audio file), POST /query_result {task_id_list} answering status 0 once and
// then 1 with a result naming /v1/audio?path=..., and GET /v1/audio serving a 44.1 kHz WAV sine of
// the requested audio_duration (at most FAKE_ACE_MAX_SECONDS). A prompt containing "broken" makes the task fail (status 2).

export const FAKE_ACE_RATE = 44_100;
export const FAKE_ACE_DEFAULT_SECONDS = 2;
/** Longer requested durations are cut to this, to keep the tests quick. */
export const FAKE_ACE_MAX_SECONDS = 10;

export interface ReleasedTask {
  readonly fields: Record<string, string>;
  /** The uploaded source audio, when the task came as multipart. */
  readonly srcAudio: Buffer | null;
  readonly authorization: string | undefined;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const wrap = (data: unknown) =>
  JSON.stringify({ data, code: 200, error: null, timestamp: Date.now(), extra: null });

export class FakeAceStep {
  readonly tasks = new Map<string, ReleasedTask & { queries: number }>();
  private server: Server | null = null;
  url = "";

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.handle(request)
        .then(([status, type, body]) => {
          response.writeHead(status, { "content-type": type });
          response.end(body);
        })
        .catch((error) => {
          response.writeHead(500, { "content-type": "application/json" });
          response.end(JSON.stringify({ data: null, code: 500, error: String(error) }));
        });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(request: IncomingMessage): Promise<[number, string, string | Buffer]> {
    const url = new URL(request.url ?? "/", "http://fake");
    const body = await bodyOf(request);
    if (request.method === "POST" && url.pathname === "/release_task") {
      const type = request.headers["content-type"] ?? "";
      const fields: Record<string, string> = {};
      let srcAudio: Buffer | null = null;
      if (type.startsWith("multipart/form-data")) {
        const form = await new Response(new Uint8Array(body), {
          headers: { "content-type": type },
        }).formData();
        for (const [name, value] of form.entries()) {
          if (typeof value === "string") fields[name] = value;
          else if (name === "src_audio") srcAudio = Buffer.from(await value.arrayBuffer());
        }
      } else {
        for (const [name, value] of Object.entries(JSON.parse(body.toString()) as Record<string, unknown>)) {
          fields[name] = String(value);
        }
      }
      const taskId = `task-${this.tasks.size + 1}`;
      this.tasks.set(taskId, { fields, srcAudio, authorization: request.headers.authorization, queries: 0 });
      return [200, "application/json", wrap({ task_id: taskId, status: "queued", queue_position: 1 })];
    }
    if (request.method === "POST" && url.pathname === "/query_result") {
      const ids = (JSON.parse(body.toString()) as { task_id_list: string[] }).task_id_list;
      const answers = ids.map((taskId) => {
        const task = this.tasks.get(taskId);
        if (!task) return { task_id: taskId, status: 2, result: "unknown task" };
        task.queries++;
        if (task.queries < 2) return { task_id: taskId, status: 0, result: null };
        if (task.fields.prompt?.includes("broken"))
          return { task_id: taskId, status: 2, result: "out of memory" };
        const result = [
          {
            file: `/v1/audio?path=${encodeURIComponent(`/outputs/${taskId}.wav`)}`,
            wave: "",
            status: 1,
            prompt: task.fields.prompt,
            lyrics: task.fields.lyrics,
            metas: { bpm: 96, duration: this.seconds(task), keyscale: "C Major", timesignature: "4" },
            seed_value: task.fields.seed,
          },
        ];
        return { task_id: taskId, status: 1, result: JSON.stringify(result) };
      });
      return [200, "application/json", wrap(answers)];
    }
    if (request.method === "GET" && url.pathname === "/v1/audio") {
      const taskId = /\/outputs\/(.+)\.wav$/.exec(url.searchParams.get("path") ?? "")?.[1] ?? "";
      const task = this.tasks.get(taskId);
      if (!task) return [404, "application/json", wrap(null)];
      const frames = Math.round(this.seconds(task) * FAKE_ACE_RATE);
      const channel = new Float32Array(frames).map(
        (_, i) => 0.25 * Math.sin((2 * Math.PI * 440 * i) / FAKE_ACE_RATE),
      );
      return [
        200,
        "audio/wav",
        Buffer.from(encodeWav({ sampleRate: FAKE_ACE_RATE, channels: [channel, channel] })),
      ];
    }
    return [404, "application/json", wrap(null)];
  }

  private seconds(task: ReleasedTask): number {
    const duration = Number(task.fields.audio_duration);
    return Number.isFinite(duration) && duration > 0
      ? Math.min(duration, FAKE_ACE_MAX_SECONDS)
      : FAKE_ACE_DEFAULT_SECONDS;
  }
}
