import {
  HOOK_AUDIO_TOLERANCE_MS,
  HOOK_MAX_VIDEO_S,
  HOOK_MIN_VIDEO_S,
} from "../../shared/hooks/hook-rules.ts";
import { runFfmpeg } from "./run-ffmpeg.ts";

// Automatic moderation of a rendered hook: one ffmpeg pass decodes all of it (a file that does not
// decode fails here) while blackdetect, freezedetect and volumedetect measure it; the rules below
// judge the measures. Staff can turn the verdict either way from the review queue.

export interface HookMeasures {
  readonly durationS: number;
  /** Seconds of (nearly) black picture. */
  readonly blackS: number;
  /** Seconds where the picture does not change. */
  readonly frozenS: number;
  /** dBFS, as volumedetect reports them; null when there was no sound to measure. */
  readonly meanVolumeDb: number | null;
  readonly maxVolumeDb: number | null;
}

export const MODERATION_PROBLEMS = {
  duration: "The hook's length is outside 10 to 241 seconds",
  blank: "The video is blank",
  frozen: "The video does not move",
  silent: "The hook has no sound",
  tooLoud: "The hook is too loud",
} as const;

/** A hook whose picture is black or still for this share of its length is refused. */
const STILL_SHARE = 0.9;
/** Peaks below this are silence; an average above this is distorted noise. */
const SILENT_PEAK_DB = -50;
const LOUD_MEAN_DB = -4;

/** What is wrong with a rendered hook as measured; empty when it passes. */
export function moderationProblems(m: HookMeasures): string[] {
  const tolerance = HOOK_AUDIO_TOLERANCE_MS / 1000;
  return [
    (m.durationS < HOOK_MIN_VIDEO_S - tolerance || m.durationS > HOOK_MAX_VIDEO_S + tolerance) &&
      MODERATION_PROBLEMS.duration,
    m.blackS >= STILL_SHARE * m.durationS && MODERATION_PROBLEMS.blank,
    m.frozenS >= STILL_SHARE * m.durationS && MODERATION_PROBLEMS.frozen,
    (m.maxVolumeDb === null || m.maxVolumeDb < SILENT_PEAK_DB) && MODERATION_PROBLEMS.silent,
    m.meanVolumeDb !== null && m.meanVolumeDb > LOUD_MEAN_DB && MODERATION_PROBLEMS.tooLoud,
  ].filter((problem) => problem !== false);
}

const numbers = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((match) => Number(match[1]));
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Reads the detectors' lines from ffmpeg's stderr. A freeze still going at the end has a start and
 * no end: it lasts to the end of the hook.
 */
export function parseMeasures(stderr: string, durationS: number): HookMeasures {
  const starts = numbers(stderr, /freeze_start: ([\d.]+)/g);
  const ends = numbers(stderr, /freeze_end: ([\d.]+)/g);
  const frozenS = sum(starts.map((start, index) => (ends[index] ?? durationS) - start));
  const mean = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  const max = /max_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  const db = (match: RegExpExecArray | null) =>
    match ? (match[1] === "-inf" ? Number.NEGATIVE_INFINITY : Number(match[1])) : null;
  return {
    durationS,
    blackS: sum(numbers(stderr, /black_duration:([\d.]+)/g)),
    frozenS,
    meanVolumeDb: db(mean),
    maxVolumeDb: db(max),
  };
}

/** Decodes the whole hook in `dir` and measures it. */
export async function measureHook(
  file: string,
  durationS: number,
  run: { readonly cwd: string; readonly signal?: AbortSignal; readonly timeoutMs: number },
): Promise<HookMeasures> {
  const stderr = await runFfmpeg(
    [
      "-threads",
      "2",
      "-i",
      file,
      "-filter_complex",
      "[0:v]blackdetect=d=0.5:pix_th=0.10,freezedetect=n=0.003:d=2[v];[0:a]volumedetect[a]",
      "-map",
      "[v]",
      "-map",
      "[a]",
      "-f",
      "null",
      "-",
    ],
    run,
  );
  return parseMeasures(stderr, durationS);
}
