import { readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIO_UPLOAD_MAX_BYTES, type CreateAudioUploadResponse } from "../../src/shared/api/uploads.ts";
import { startApiServer } from "../api-server.ts";
import { streamFormPost } from "../upload-client.ts";

const TOO_LARGE = { detail: "The file is too large: audio uploads are at most 500 MB (524,288,000 bytes)" };

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

// The database plays no part in how a file streams: one backend is enough here.
describe("the 500 MB upload limit", () => {
  const server = startApiServer("pglite");

  it("refuses a 524,288,001-byte file while it streams, with memory staying flat", async () => {
    const { client } = await server.signedUp();
    const form = await client.post<CreateAudioUploadResponse>("/api/uploads/audio/", { extension: "wav" });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 25);
    try {
      const result = await streamFormPost(server.url(), form.body, AUDIO_UPLOAD_MAX_BYTES + 1);
      expect(result.status).toBe(413);
      expect(result.body).toEqual(TOO_LARGE);
      expect(result.sent).toBe(AUDIO_UPLOAD_MAX_BYTES + 1);
    } finally {
      clearInterval(sampler);
    }
    // Client and server share this process: together they held far less than the file.
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
    expect(await server.storage().stat(form.body.fields.key)).toBeNull();
    const root = (server.storage() as unknown as { root: string }).root;
    expect(filesUnder(root).filter((path) => path.includes(".partial-"))).toEqual([]);
  }, 120_000);

  it("refuses a form that announces more than the limit before reading it", async () => {
    const { client } = await server.signedUp();
    const form = await client.post<CreateAudioUploadResponse>("/api/uploads/audio/", { extension: "wav" });
    const url = new URL(form.body.url, server.url());
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(url, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(600_000_000) },
      });
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      // Only the start of the announced body is ever sent: the answer comes without the rest.
      request.write(Buffer.alloc(64 * 1024));
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(TOO_LARGE);
  });
});
