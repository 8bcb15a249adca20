// The tasks that work on existing audio alone: Adjust Speed, Remaster (upsample) and Get Full Song
// (concat). Nothing is composed; the score (when the source has one) follows the audio.
import type { Score } from "../score.ts";
import { concatHistory } from "./concat.ts";
import { progressInChunks, type SongAudio } from "./song-outputs.ts";
import { toStereo } from "./splice.ts";
import { speedOnThreads } from "./stretch-chunks.ts";
import { sourceOf, type TaskContext } from "./task-context.ts";

export async function speedTask(context: TaskContext): Promise<SongAudio> {
  const source = sourceOf(context);
  const speed = context.request.speed;
  if (!speed) throw new Error("Adjust Speed needs a speed multiplier");
  const mix = await speedOnThreads(
    context.threads,
    toStereo(source.audio),
    speed.multiplier,
    speed.keepPitch,
    context.signal,
  );
  progressInChunks(mix, context.onProgress);
  // Kept pitch: the same notes at a scaled tempo, still in the audio's timeline. A resample moves
  // every pitch by a fraction of a semitone in general: no score describes it.
  const score: Score | null =
    source.score && speed.keepPitch ? { ...source.score, bpm: source.score.bpm * speed.multiplier } : null;
  return { mix, stems: [], alignedWords: [], score };
}

export async function remasterTask(context: TaskContext): Promise<SongAudio> {
  const source = sourceOf(context);
  const premaster = toStereo(source.audio);
  const own = {
    sampleRate: premaster.sampleRate,
    channels: premaster.channels.map((channel) => channel.slice()),
  };
  const mix = await context.threads.master(own, context.request.remaster, context.signal);
  progressInChunks(mix, context.onProgress);
  return { mix, stems: [], alignedWords: [], score: source.score };
}

export function concatTask(context: TaskContext): SongAudio {
  const { history } = context.request;
  const mix = concatHistory(history);
  if (mix.sampleRate !== context.sampleRate)
    throw new Error(`The history's audio is not at ${context.sampleRate} Hz`);
  progressInChunks(mix, context.onProgress);
  // The last clip's score covers the whole song: each extend's score holds the one before it.
  return { mix, stems: [], alignedWords: [], score: history[history.length - 1]?.clip.score ?? null };
}
