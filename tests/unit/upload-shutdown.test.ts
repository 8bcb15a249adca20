import { mkdtempSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { LocalDiskStorage } from "../../src/server/storage/local-disk-storage.ts";
import { InFlight } from "../../src/server/uploads/in-flight.ts";
import type { AuthResponse } from "../../src/shared/api/accounts.ts";
import type { CreateAudioUploadResponse } from "../../src/shared/api/uploads.ts";
import { ApiClient, newAccountBody } from "../api-server.ts";
import { tone, wavFile } from "../audio-files.ts";
import { openTestDatabase } from "../server-database.ts";
import { formPost } from "../upload-client.ts";

async function startServer() {
  const database = await openTestDatabase("pglite");
  const storage = new LocalDiskStorage(mkdtempSync(join(tmpdir(), "tunesmith-files-")));
  const app = await buildApp({ database, storage });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const client = new ApiClient(url);
  const signup = await client.post<AuthResponse>("/api/auth/signup", newAccountBody());
  if (signup.status !== 201) throw new Error("signup failed");
  return { database, storage, app, url, client };
}

describe("shutting down with uploads in flight", () => {
  it("lets a file that is arriving finish and be stored before the server stops", async () => {
    const { database, storage, app, url, client } = await startServer();
    const form = (await client.post<CreateAudioUploadResponse>("/api/uploads/audio/", { extension: "wav" }))
      .body;
    const boundary = "----shutdowntest";
    const fields = Object.entries(form.fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("");
    const file = Buffer.alloc(8 * 1024 * 1024, 7);
    const answer = new Promise<number>((resolve, reject) => {
      const request = httpRequest(new URL(form.url, url), {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "transfer-encoding": "chunked",
        },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.write(
        `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\n`,
      );
      request.write(file.subarray(0, 1024 * 1024));
      // The rest comes once the shutdown has begun.
      setTimeout(() => {
        request.write(file.subarray(1024 * 1024));
        request.end(`\r\n--${boundary}--\r\n`);
      }, 300);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = app.close();
    expect(await answer).toBe(204);
    await closed;
    expect(await storage.stat(form.fields.key)).toMatchObject({ size: file.length });
    await database.close();
  }, 30_000);

  it("finishes processing an upload before the database closes", async () => {
    const { database, app, url, client } = await startServer();
    const form = (await client.post<CreateAudioUploadResponse>("/api/uploads/audio/", { extension: "wav" }))
      .body;
    await formPost(url, form, wavFile(tone(30)));
    const finish = await client.post(`/api/uploads/audio/${form.id}/upload-finish/`, {
      upload_filename: "late.wav",
    });
    expect(finish.status).toBe(200);
    await app.close();
    const row = await database.db
      .selectFrom("uploads")
      .select(["status", "duration_s"])
      .where("id", "=", form.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("complete");
    expect(row.duration_s).toBeCloseTo(30, 3);
    await database.close();
  }, 30_000);

  it("picks up, at the next start, an upload a stop left half processed", async () => {
    const { database, storage, app, url, client } = await startServer();
    const form = (await client.post<CreateAudioUploadResponse>("/api/uploads/audio/", { extension: "wav" }))
      .body;
    await formPost(url, form, wavFile(tone(6.5, 8000)));
    await app.close();
    // What a crash between upload-finish and the end of processing leaves behind.
    await database.db
      .updateTable("uploads")
      .set({ status: "initializing" })
      .where("id", "=", form.id)
      .execute();
    const restarted = await buildApp({ database, storage });
    await restarted.ready();
    const deadline = Date.now() + 20_000;
    let status = "";
    while (status !== "complete" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const row = await database.db
        .selectFrom("uploads")
        .select("status")
        .where("id", "=", form.id)
        .executeTakeFirstOrThrow();
      status = row.status;
    }
    expect(status).toBe("complete");
    await restarted.close();
    await database.close();
  }, 30_000);

  it("waits for tracked work only up to its bound, then aborts what is left", async () => {
    const inFlight = new InFlight();
    let aborted = false;
    const quick = inFlight.run(async () => "done");
    const stuck = inFlight.run(
      (signal) =>
        new Promise<string>((resolve) => {
          signal.addEventListener("abort", () => {
            aborted = true;
            resolve("stopped");
          });
        }),
    );
    const outcome = await inFlight.settle(200);
    expect(outcome).toEqual({ aborted: 1 });
    expect(aborted).toBe(true);
    expect(await quick).toBe("done");
    expect(await stuck).toBe("stopped");
    expect(inFlight.size).toBe(0);
  });
});
