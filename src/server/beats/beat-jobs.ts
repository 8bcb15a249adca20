import { availableParallelism } from "node:os";
import type { Kysely } from "kysely";
import type { DownbeatsStreamFrame } from "../../shared/api/downbeats.ts";
import {
  applyBeatsFrame,
  type BeatsStreamFrame,
  type NumberedBeat,
} from "../../shared/beats/beats-result.ts";
import { readStored } from "../clips/clip-audio.ts";
import type { Database } from "../db/schema.ts";
import { HttpError, notFound } from "../http/errors.ts";
import type { Storage } from "../storage/storage.ts";
import {
  type BeatJobRow,
  claimBeatJob,
  finishBeatJob,
  isSettled,
  readBeatJob,
  STALE_SECONDS,
  touchBeatJobs,
} from "./beat-job-store.ts";
import { BeatsJobError, runBeatsThread } from "./run-beats-thread.ts";
import { suppliedBeats } from "./supplied-downbeats.ts";

/** What a follower of a live job receives: frames as they come, the last one final; or the error. */
export type BeatJobEvent =
  | { readonly type: "frame"; readonly frame: DownbeatsStreamFrame }
  | { readonly type: "error"; readonly error: string };

/** The clip fields a job needs. */
export interface BeatJobClip {
  readonly id: string;
  readonly audio_key: string | null;
  readonly metadata: Record<string, unknown>;
}

export interface BeatJobsOptions {
  /** Analyses at once; more wait their turn (still "running" to clients). */
  readonly concurrency?: number;
  /** An analysis taking longer ends in the error "Timeout" (002: clients give up after 5 minutes). */
  readonly timeoutMs?: number;
  readonly log?: { error(object: unknown, message: string): void };
}

interface LiveJob {
  readonly clipId: string;
  readonly audioKey: string;
  /** The downbeats a follower holds after every frame so far, for those who join late. */
  held: NumberedBeat[];
  latest: BeatsStreamFrame | null;
  /** The last event, once the job is over: replayed to anyone following from then on. */
  end: BeatJobEvent | null;
  readonly followers: Set<(event: BeatJobEvent) => void>;
  stopped: boolean;
  stop: () => void;
  done: Promise<void>;
}

const FAILED = "The beat analysis failed";
const HEARTBEAT_MS = (STALE_SECONDS * 1000) / 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The beat analysis jobs of one server: one job per clip (across servers too, through the
 * clip_downbeats row), each in a worker thread, a few at a time; results are kept in the table.
 */
export class BeatJobs {
  private readonly live = new Map<string, LiveJob>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly storage: Storage,
    private readonly options: BeatJobsOptions = {},
  ) {
    this.concurrency = options.concurrency ?? Math.max(1, Math.min(4, availableParallelism() - 1));
    this.timeoutMs = options.timeoutMs ?? 270_000;
    this.heartbeat = setInterval(() => {
      touchBeatJobs(this.db, [...this.live.keys()]).catch((error) =>
        this.options.log?.error(error, "Could not mark beat jobs alive"),
      );
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The clip's job, started if there is none (or the one there was cut short, or is for other audio). */
  async ensure(clip: BeatJobClip): Promise<BeatJobRow> {
    const audioKey = clip.audio_key;
    if (!audioKey) throw notFound("This song has no audio yet");
    const row = await readBeatJob(this.db, clip.id);
    if (row && (this.live.get(clip.id)?.audioKey === audioKey || isSettled(row, audioKey))) return row;
    const duration = typeof clip.metadata.duration === "number" ? clip.metadata.duration : null;
    const supplied = await suppliedBeats(this.db, clip.id, duration);
    const claimed = await claimBeatJob(
      this.db,
      clip.id,
      audioKey,
      supplied
        ? {
            state: "complete",
            source: "supplied",
            result: { ...supplied, seconds_analysed: duration ?? supplied.beats[supplied.beats.length - 1] },
          }
        : { state: "running" },
    );
    if (claimed?.state === "running") this.start(clip.id, audioKey);
    const current = claimed ?? (await readBeatJob(this.db, clip.id));
    if (!current) throw new Error(`The beat job of clip ${clip.id} vanished`);
    return current;
  }

  /**
   * Follows the clip's job if this server runs it: a snapshot of the frames so far first (or the
   * end, if it just ended), then each frame. Answers how to stop following; null if not run here.
   */
  follow(clipId: string, follower: (event: BeatJobEvent) => void): (() => void) | null {
    const job = this.live.get(clipId);
    if (!job) return null;
    if (job.end) {
      follower(job.end);
      return () => {};
    }
    if (job.latest) {
      follower({
        type: "frame",
        frame: {
          ...job.latest,
          downbeats: job.held.slice(),
          seconds_missing_from_start: 0,
          state: "running",
        },
      });
    }
    job.followers.add(follower);
    return () => job.followers.delete(follower);
  }

  /** Waits for the clip's job to end, or the deadline; answers the row as it then is. */
  async outcome(clip: BeatJobClip, deadline: number): Promise<BeatJobRow> {
    for (;;) {
      // ensure() also takes over a job whose server stopped while we waited.
      const row = await this.ensure(clip);
      const left = deadline - Date.now();
      if (row.state !== "running" || left <= 0) return row;
      const job = this.live.get(clip.id);
      await (job ? Promise.race([job.done, sleep(left)]) : sleep(Math.min(1000, left)));
    }
  }

  /** Stops every analysis (server shutdown): their rows go stale, and the next request restarts them. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    const jobs = [...this.live.values()];
    for (const job of jobs) {
      job.stopped = true;
      job.stop();
    }
    await Promise.all(jobs.map((job) => job.done));
  }

  private start(clipId: string, audioKey: string): void {
    this.live.get(clipId)?.stop();
    const job: LiveJob = {
      clipId,
      audioKey,
      held: [],
      latest: null,
      end: null,
      followers: new Set(),
      stopped: false,
      stop: () => {
        job.stopped = true;
      },
      done: Promise.resolve(),
    };
    this.live.set(clipId, job);
    job.done = this.run(job).finally(() => {
      if (this.live.get(clipId) === job) this.live.delete(clipId);
    });
  }

  private async run(job: LiveJob): Promise<void> {
    await this.slot();
    let final: BeatsStreamFrame | null = null;
    try {
      if (job.stopped) return;
      const bytes = await readStored(this.storage, job.audioKey);
      if (job.stopped) return;
      const thread = runBeatsThread(
        bytes,
        (frame) => {
          if (frame.final) {
            // Sent once the result is in the table, so a follower that then polls finds it complete.
            final = frame;
            return;
          }
          job.held = applyBeatsFrame(job.held, frame);
          job.latest = frame;
          this.emit(job, { type: "frame", frame: { ...frame, state: "running" } });
        },
        { timeoutMs: this.timeoutMs },
      );
      job.stop = () => {
        job.stopped = true;
        thread.stop();
      };
      const result = await thread.result;
      const seconds =
        (final as BeatsStreamFrame | null)?.seconds_analysed ?? job.latest?.seconds_analysed ?? 0;
      await finishBeatJob(this.db, job.clipId, job.audioKey, {
        result: { ...result, seconds_analysed: seconds },
      });
      const last: BeatsStreamFrame = final ?? {
        downbeats: result.downbeats,
        seconds_missing_from_start: 0,
        seconds_analysed: seconds,
        bpm: result.bpm,
        ...(result.no_beats_reason ? { no_beats_reason: result.no_beats_reason } : {}),
        final: true,
      };
      this.emit(job, { type: "frame", frame: { ...last, state: "complete" } }, true);
    } catch (error) {
      if (job.stopped) {
        this.emit(job, { type: "error", error: "The server is restarting; ask again shortly" }, true);
        return;
      }
      const known = error instanceof BeatsJobError || error instanceof HttpError;
      if (!known) this.options.log?.error(error, "Beat analysis failed");
      const message = error instanceof HttpError ? error.detail : known ? error.message : FAILED;
      try {
        await finishBeatJob(this.db, job.clipId, job.audioKey, { error: message });
      } catch (writeError) {
        this.options.log?.error(writeError, "Could not record a beat analysis error");
      }
      this.emit(job, { type: "error", error: message }, true);
    } finally {
      this.release();
    }
  }

  private emit(job: LiveJob, event: BeatJobEvent, last = false): void {
    if (last) job.end = event;
    for (const follower of job.followers) follower(event);
    if (last) job.followers.clear();
  }

  private slot(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
