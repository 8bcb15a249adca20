import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { UPLOAD_SECONDS } from "../../shared/api/accounts.ts";
import type { AudioUploadExtension } from "../../shared/api/uploads.ts";
import { sessionView } from "../auth/session-view.ts";
import type { Database } from "../db/schema.ts";
import type { Storage } from "../storage/storage.ts";
import { InFlight } from "./in-flight.ts";
import { normalizeUploadAudio, UploadRejected } from "./normalize-audio.ts";
import { findUpload, transitionUpload, uploadKeys, uploadsBeingInitialized } from "./upload-store.ts";

/** The generic failure text, for anything that is not the file's fault. */
export const PROCESSING_FAILED = "Processing failed";

/**
 * Turns finished uploads into engine-ready audio in the background, a couple
 * at a time (decoding is CPU work on a two-core machine). An upload's status
 * goes initializing -> complete, or -> error with a message; a cancel or a
 * shutdown stops its job where it is.
 */
export class UploadProcessor {
  private readonly queue: string[] = [];
  private readonly running = new Map<string, AbortController>();
  private readonly inFlight = new InFlight();
  private closing = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: Storage,
    private readonly log: FastifyBaseLogger,
    private readonly concurrency = 2,
  ) {}

  /** Queues an upload that is initializing; during shutdown it stays so and is resumed at the next start. */
  enqueue(uploadId: string): void {
    if (this.closing || this.queue.includes(uploadId) || this.running.has(uploadId)) return;
    this.queue.push(uploadId);
    this.pump();
  }

  /** Stops an upload's job, queued or running. */
  cancel(uploadId: string): void {
    const at = this.queue.indexOf(uploadId);
    if (at >= 0) this.queue.splice(at, 1);
    this.running.get(uploadId)?.abort(new Error("cancelled"));
  }

  /** Picks up uploads a previous run left initializing. */
  async resume(): Promise<void> {
    for (const id of await uploadsBeingInitialized(this.db)) this.enqueue(id);
  }

  /** Lets running jobs finish within the bound; queued ones wait for the next start. */
  async close(timeoutMs: number): Promise<void> {
    this.closing = true;
    this.queue.length = 0;
    await this.inFlight.settle(timeoutMs);
  }

  /** Resolves when nothing is queued or running (tests). */
  async idle(): Promise<void> {
    while (this.queue.length > 0 || this.running.size > 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private pump(): void {
    while (!this.closing && this.running.size < this.concurrency && this.queue.length > 0) {
      const id = this.queue.shift() as string;
      const controller = new AbortController();
      this.running.set(id, controller);
      void this.inFlight
        .run(async (shutdown) => {
          const stop = AbortSignal.any([shutdown, controller.signal]);
          await this.process(id, stop);
        })
        .catch((error) => this.log.error({ err: error, uploadId: id }, "upload processing failed"))
        .finally(() => {
          this.running.delete(id);
          this.pump();
        });
    }
  }

  private async process(id: string, signal: AbortSignal): Promise<void> {
    const upload = await findUpload(this.db, id);
    if (upload?.status !== "initializing") return;
    const user = await this.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", upload.user_id)
      .executeTakeFirst();
    if (!user) return;
    const limits = sessionView(user).audioUploadLimits;
    // A stem mix is the user's own songs mixed in the studio: as long as a song may be.
    const max = upload.is_stem_mix ? Math.max(limits.max, UPLOAD_SECONDS.longMax) : limits.max;
    const audioKey = uploadKeys(upload.user_id, upload.id, upload.extension).audio;
    try {
      const audio = await normalizeUploadAudio(
        this.storage,
        {
          originalKey: upload.original_key,
          extension: upload.extension as AudioUploadExtension,
          audioKey,
          limits: { ...limits, max },
        },
        signal,
      );
      const done = await transitionUpload(this.db, id, ["initializing"], {
        status: "complete",
        audio_key: audioKey,
        duration_s: audio.durationSeconds,
        sample_rate: audio.sampleRate,
        channel_count: audio.channelCount,
        // No vocal detector yet: an upload is taken as instrumental until one exists.
        has_vocal: false,
      });
      // Cancelled while the audio was being made: nothing may point at it, so it goes.
      if (!done) await this.storage.delete(audioKey);
    } catch (error) {
      if (signal.aborted) {
        await this.storage.delete(audioKey).catch(() => {});
        return;
      }
      const message = error instanceof UploadRejected ? error.message : PROCESSING_FAILED;
      if (!(error instanceof UploadRejected))
        this.log.error({ err: error, uploadId: id }, "upload processing failed");
      await transitionUpload(this.db, id, ["initializing"], { status: "error", error_message: message });
    }
  }
}
