// What a generation hands back besides its audio: MIDI, beats, cover art and texts, all derived
// from the score (when there is one) or from an analysis of the audio (when there is none).
import { downbeatsOf } from "../compose/beat-grid.ts";
import { coverImage } from "../cover-art/cover-image.ts";
import type { AlignedWord, GeneratedSong, GenerationProgress } from "../generator.ts";
import { scoreToMidi } from "../midi/score-midi.ts";
import type { Score, StemName } from "../score.ts";
import type { PcmAudio, SongRequest } from "../song-request.ts";
import type { GeneratorThreads } from "../workers/generator-threads.ts";
import { frameCount, sliceAudio } from "./splice.ts";

export interface SongAudio {
  readonly mix: PcmAudio;
  readonly stems: readonly { readonly name: StemName; readonly audio: PcmAudio }[];
  readonly alignedWords: readonly AlignedWord[];
  /** The score the audio follows in its own timeline; null for audio without one (uploads, resampled speed). */
  readonly score: Score | null;
  /**
   * Without a score: the beats when the task knows them (an edit of analysed audio); ON_REQUEST when
   * none are needed now (an edit of a song never analysed: its result is analysed, like the song itself,
   * when the studio first asks for its beats); else (null or absent) the audio is analysed here.
   */
  readonly beats?:
    | {
        readonly bpm: number;
        readonly downbeats: readonly (readonly [number, number])[];
      }
    | typeof ON_REQUEST
    | null;
}

/** What a task made besides its mix. */
export type SongParts = Omit<SongAudio, "mix">;

/** SongAudio.beats: the song's beats are left to the clip's beat job, found when first asked for. */
export const ON_REQUEST = "on-request";

/** The clip's texts: the request's, else the source's (a remaster or a speed keeps its song's). */
function texts(request: SongRequest, score: Score | null) {
  const source = request.source;
  return {
    lyrics: request.instrumental ? "" : request.lyrics || source?.lyrics || "",
    tags: request.tags || source?.tags || score?.genre || "",
    title: request.title,
  };
}

export async function songOutputs(
  threads: GeneratorThreads,
  request: SongRequest,
  audio: SongAudio,
  signal: AbortSignal,
): Promise<GeneratedSong> {
  const { mix } = audio;
  const known = knownBeats(audio);
  const beats = known ?? (await threads.analyse(mix, signal));
  return { mix, ...songDetails(request, audio, frameCount(mix) / mix.sampleRate, beats) };
}

/** The beats a task's parts already give (the score's, the task's own, none for now), or null: analyse. */
export function knownBeats(audio: SongParts): { bpm: number | null; downbeats: [number, number][] } | null {
  if (audio.score) return { bpm: audio.score.bpm, downbeats: downbeatsOf(audio.score) };
  if (audio.beats === ON_REQUEST) return { bpm: 0, downbeats: [] };
  if (audio.beats) {
    return {
      bpm: audio.beats.bpm,
      downbeats: audio.beats.downbeats.map(([t, n]): [number, number] => [t, n]),
    };
  }
  return null;
}

/** Everything of the generated song but its mix: MIDI, beats, cover art and texts. */
export function songDetails(
  request: SongRequest,
  audio: SongParts,
  durationSeconds: number,
  beats: { readonly bpm: number | null; readonly downbeats: readonly (readonly [number, number])[] },
): Omit<GeneratedSong, "mix"> {
  const { score } = audio;
  const { lyrics, tags, title } = texts(request, score);
  return {
    stems: audio.stems,
    midi: score ? scoreToMidi(score) : null,
    alignedWords: audio.alignedWords,
    avgBpm: beats.bpm ?? 0,
    downbeats: beats.downbeats,
    durationSeconds,
    image: coverImage(request.seed, tags, title),
    lyrics,
    tags,
    title,
    score,
  };
}

/** About a second of audio per progress message. */
const PROGRESS_SECONDS = 1;

/** Hands finished audio to onProgress in order, frames [from, to) (audio before `from` went out already). */
export function progressInChunks(
  audio: PcmAudio,
  onProgress: (progress: GenerationProgress) => void,
  from = 0,
  to = frameCount(audio),
): void {
  const step = Math.round(PROGRESS_SECONDS * audio.sampleRate);
  for (let at = from; at < to; at += step) {
    const end = Math.min(to, at + step);
    onProgress({ chunk: sliceAudio(audio, at, end), atSeconds: at / audio.sampleRate });
  }
}
