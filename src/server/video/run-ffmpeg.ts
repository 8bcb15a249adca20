import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";

/** The static ffmpeg npm installed for this platform. */
export const FFMPEG_PATH: string = ffmpegInstaller.path;

/** An ffmpeg run that failed: its exit, and the end of what it wrote to stderr. */
export class FfmpegError extends Error {}

export interface FfmpegRun {
  /** Killed (SIGKILL) when it runs longer than this. */
  readonly timeoutMs: number;
  /** Killed when this aborts (the job's worker stopping or losing the job). */
  readonly signal?: AbortSignal;
  /** Runs with this working folder: the job's temporary folder, where its inputs and outputs are. */
  readonly cwd: string;
}

/** What is kept of stderr: its end, where ffmpeg says what went wrong. */
const STDERR_KEEP = 16 * 1024;
/** Lower priority than the API and the audio generation; ignored where the OS refuses it. */
const NICENESS = 10;

/**
 * Runs ffmpeg with these arguments (an array: never through a shell), no stdin, the banner off and
 * a lowered priority; answers its stderr. A non-zero exit, the time limit or an abort is an
 * FfmpegError. Callers bound its threads with `-threads` in their arguments.
 */
export function runFfmpeg(args: readonly string[], run: FfmpegRun): Promise<string> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(new FfmpegError("ffmpeg was stopped before it started"));
    const child = spawn(FFMPEG_PATH, ["-hide_banner", "-nostdin", ...args], {
      cwd: run.cwd,
      stdio: ["ignore", "ignore", "pipe"],
    });
    if (child.pid !== undefined && process.platform !== "win32") {
      try {
        // The niceness call itself, without a `nice` binary to find on the machine.
        setPriority(child.pid, NICENESS);
      } catch {
        // A container may refuse it: the run goes on at normal priority.
      }
    }
    let stderr = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEEP);
    });
    let stopped: string | null = null;
    const stop = (why: string) => {
      stopped = why;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(() => stop(`ffmpeg took longer than ${run.timeoutMs / 1000} s`), run.timeoutMs);
    const abort = () => stop("ffmpeg was stopped");
    run.signal?.addEventListener("abort", abort, { once: true });
    const finish = () => {
      clearTimeout(timer);
      run.signal?.removeEventListener("abort", abort);
    };
    child.on("error", (error) => {
      finish();
      reject(new FfmpegError(`ffmpeg could not start: ${error.message}`));
    });
    child.on("close", (code) => {
      finish();
      if (stopped) return reject(new FfmpegError(stopped));
      if (code !== 0) return reject(new FfmpegError(`ffmpeg failed (exit ${code}): ${lastLines(stderr)}`));
      resolve(stderr);
    });
  });
}

const lastLines = (text: string) => text.trim().split("\n").slice(-3).join(" | ");
