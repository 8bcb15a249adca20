// A generator for tests and benches that hands on another generator's audio no faster than a set
// pace, so a song streams for as long as a slow render would, on any machine. Never used by the
// server a user starts: the tests and benches plug it in where they build the app.

import type { GenerationProgress, Generator } from "../generator/generator.ts";
import type { SongRequest } from "../generator/song-request.ts";

export interface Pace {
  /** Seconds of audio handed on per second of wall time (1 is real time). */
  readonly speed: number;
  /** Optional: the song's length, whatever the request says (the API asks for 2 minutes at least). */
  readonly songSeconds?: number;
  /** Optional: once this much audio is out, nothing more comes for `holdMs` (a render falling behind). */
  readonly holdAtSeconds?: number;
  readonly holdMs?: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", stop);
      resolve();
    }, ms);
    signal.addEventListener("abort", stop, { once: true });
  });

/**
 * Wraps `inner`: its progress chunks go out at the request's pace (a chunk starting at t seconds goes
 * out t / speed seconds after the first), and the song resolves once its last chunk is out.
 */
export function pacedGenerator(inner: Generator, paceFor: (request: SongRequest) => Pace): Generator {
  return {
    name: `${inner.name} (paced)`,
    close: () => inner.close(),
    async generate(request, onProgress, signal) {
      const pace = paceFor(request);
      const pending: GenerationProgress[] = [];
      let wake: (() => void) | null = null;
      const song = inner.generate(
        { ...request, durationSeconds: pace.songSeconds ?? request.durationSeconds },
        (progress) => {
          pending.push(progress);
          wake?.();
        },
        signal,
      );
      let done = false;
      const settled = () => {
        done = true;
        wake?.();
      };
      song.then(settled, settled);
      let started = 0;
      let held = false;
      while (!signal.aborted) {
        const next = pending.shift();
        if (next === undefined) {
          if (done) break;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = null;
          continue;
        }
        if (started === 0) started = Date.now();
        const holdAt = pace.holdAtSeconds ?? Number.POSITIVE_INFINITY;
        if (!held && next.atSeconds >= holdAt) {
          held = true;
          await sleep(pace.holdMs ?? 0, signal);
          started += pace.holdMs ?? 0;
        }
        await sleep(started + (next.atSeconds * 1000) / pace.speed - Date.now(), signal);
        onProgress(next);
      }
      return song;
    },
  };
}
