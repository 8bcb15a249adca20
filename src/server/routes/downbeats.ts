import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import {
  type DownbeatsJobResponse,
  type DownbeatsStreamFrame,
  downbeatsParamsSchema,
  downbeatsStreamingBodySchema,
} from "../../shared/api/downbeats.ts";
import { requireUser } from "../auth/auth-plugin.ts";
import { jobResponse, storedFrame } from "../beats/beat-frames.ts";
import type { StoredBeats } from "../beats/beat-job-store.ts";
import { type BeatJobEvent, BeatJobs, type BeatJobsOptions } from "../beats/beat-jobs.ts";
import { findVisibleClip } from "../clips/clip-repository.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { parseInput } from "../http/validate.ts";
import type { Storage } from "../storage/storage.ts";

/** A JSON answer waits this long for the analysis; then it answers what there is, not final. */
const JSON_WAIT_MS = 55_000;
/** An event stream is held open at most this long (002: clients give up after 5 minutes). */
const STREAM_WAIT_MS = 300_000;

const wantsEventStream = (request: FastifyRequest) =>
  (request.headers.accept ?? "").toLowerCase().includes("text/event-stream");

/** A frame that is not final, holding nothing yet: the analysis runs on another server. */
const pendingFrame = (): DownbeatsStreamFrame => ({
  downbeats: [],
  seconds_missing_from_start: 0,
  seconds_analysed: 0,
  bpm: null,
  final: false,
  state: "running",
});

/** 002 §7: a clip's downbeats, as a polled job and as a stream of frames. */
export function registerDownbeatsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; storage: Storage; beats?: BeatJobsOptions },
): void {
  const { db } = deps;
  const jobs = new BeatJobs(db, deps.storage, { log: app.log, ...deps.beats });
  app.addHook("onClose", () => jobs.close());

  // Signed in: every request may start an analysis, which is the server's work.
  const visibleClip = async (request: FastifyRequest) => {
    const { clip_id } = parseInput(downbeatsParamsSchema, request.params, "path");
    const user = requireUser(request);
    return findVisibleClip(db, user.id, clip_id);
  };

  app.get("/api/gen/:clip_id/downbeats", async (request): Promise<DownbeatsJobResponse> => {
    const clip = await visibleClip(request);
    return jobResponse(await jobs.ensure(clip));
  });

  app.post("/api/gen/:clip_id/downbeats_streaming/v2", async (request, reply) => {
    const clip = await visibleClip(request);
    parseInput(downbeatsStreamingBodySchema, request.body);
    if (wantsEventStream(request)) return streamFrames(request, reply, clip);

    const row = await jobs.outcome(clip, Date.now() + JSON_WAIT_MS);
    if (row.state === "complete") return storedFrame(row.result as StoredBeats);
    if (row.state === "error") throw new HttpError(422, row.error ?? "Unknown error");
    let latest: DownbeatsStreamFrame | null = null;
    jobs.follow(clip.id, (event) => {
      if (event.type === "frame") latest = event.frame;
    })?.();
    return latest ?? pendingFrame();
  });

  /** Server-sent events: `data: <frame JSON>` blocks, the last one final, or an `error` event. */
  async function streamFrames(
    request: FastifyRequest,
    reply: FastifyReply,
    clip: Awaited<ReturnType<typeof visibleClip>>,
  ) {
    const row = await jobs.ensure(clip);
    const stream = new PassThrough();
    let open = true;
    const send = (event: BeatJobEvent) => {
      if (!open) return;
      if (event.type === "frame") stream.write(`data: ${JSON.stringify(event.frame)}\n\n`);
      else stream.write(`event: error\ndata: ${JSON.stringify({ detail: event.error })}\n\n`);
      if (event.type === "error" || event.frame.final) {
        open = false;
        stream.end();
      }
    };
    const sendRow = (settled: typeof row) => {
      if (settled.state === "complete")
        send({ type: "frame", frame: storedFrame(settled.result as StoredBeats) });
      else if (settled.state === "error") send({ type: "error", error: settled.error ?? "Unknown error" });
      else send({ type: "error", error: "Timeout" });
    };

    let unfollow: (() => void) | null = null;
    if (row.state !== "running") sendRow(row);
    else {
      unfollow = jobs.follow(clip.id, send);
      // Run by another server (or just ended): its result is read from the table once there.
      if (!unfollow) {
        jobs.outcome(clip, Date.now() + STREAM_WAIT_MS).then(sendRow, (error) => {
          request.log.error(error, "Downbeats stream failed");
          send({ type: "error", error: "Unknown error" });
        });
      }
    }
    // The response's close: the client went away (or the stream ended). The request's own close
    // fires as soon as its body has been read.
    reply.raw.on("close", () => {
      open = false;
      unfollow?.();
    });
    return reply
      .header("cache-control", "no-cache")
      .header("x-accel-buffering", "no")
      .type("text/event-stream")
      .send(stream);
  }
}
