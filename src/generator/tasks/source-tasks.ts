// The tasks that render new material against a source clip: extend (kept up to continue_at, then
// new), infill (a range replaced), underpainting and overpainting (the missing stems under or
// over the source), and stems of a source (gen_stem, stem_condition).
import { barPhase } from "../analysis/analyse-source.ts";
import { composeSong, isPersonaTask } from "../compose/compose-song.ts";
import { songFrames } from "../render/render-stems.ts";
import { type Score, STEM_NAMES, type StemName } from "../score.ts";
import type { PcmAudio, SongRequest } from "../song-request.ts";
import { renderSong } from "./render-song.ts";
import { progressInChunks, type SongAudio } from "./song-outputs.ts";
import {
  frameAt,
  frameCount,
  JOIN_FADE_SECONDS,
  joinAt,
  replaceRange,
  sliceAudio,
  toStereo,
} from "./splice.ts";
import { spliceStream } from "./splice-stream.ts";
import { sourceOf, type TaskContext } from "./task-context.ts";

/**
 * The request with an unscored source's tempo, key and beats (the composer matches them); as is
 * for a scored source, or audio with no pulse to follow. A persona's root is heard over its artist
 * range only (the beats are then in the range's time); an infill's source over its context window
 * only (the beats then moved back into the source's time, where the new song is placed).
 */
async function withAnalysis(context: TaskContext): Promise<SongRequest> {
  const { request } = context;
  const source = request.source;
  if (!source || source.score || request.analysis) return request;
  const persona = isPersonaTask(request.task);
  const window = request.infill?.context;
  const seconds = frameCount(source.audio) / source.audio.sampleRate;
  const range = persona
    ? request.artistRange
    : window
      ? { start: window.start, end: window.end ?? seconds }
      : null;
  const heard = range
    ? sliceAudio(
        source.audio,
        Math.max(0, frameAt(source.audio, range.start)),
        Math.min(frameCount(source.audio), frameAt(source.audio, range.end)),
      )
    : source.audio;
  const analysis = await context.analyses.get(heard);
  context.signal.throwIfAborted();
  if (analysis.bpm === null) return request;
  // The infill's new song is placed in the source's time: the beats heard in the window move there.
  const shift =
    range && !persona ? Math.max(0, frameAt(source.audio, range.start)) / source.audio.sampleRate : 0;
  const downbeats = analysis.downbeats.map(([t, n]): [number, number] => [t + shift, n]);
  return { ...request, analysis: { bpm: analysis.bpm, key: analysis.key, downbeats } };
}

/** Where a score's time 0 lies in an unscored source: its first bar line (the composer counts bars from 0). */
function barOffsetFrames(request: SongRequest, score: Score, sampleRate: number): number {
  if (!request.analysis) return 0;
  return Math.round(barPhase(request.analysis, (score.beatsPerBar * 60) / score.bpm) * sampleRate);
}

/** Audio delayed by `frames` (silence first; negative: its start cut), cut or padded to `length`. */
function placed(audio: PcmAudio, frames: number, length: number): PcmAudio {
  return sliceAudio(audio, -frames, length - frames);
}

export async function extendTask(context: TaskContext): Promise<SongAudio> {
  const source = sourceOf(context);
  const request = await withAnalysis(context);
  const continueAt = request.continueAt ?? frameCount(source.audio) / context.sampleRate;
  const at = Math.min(frameAt(source.audio, continueAt), frameCount(source.audio));
  // The source up to the join is final already: it streams while the rest renders.
  const audio = toStereo(source.audio);
  progressInChunks(audio, context.onProgress, 0, at);
  // The new score is in the source's timeline (a scored source's notes up to the join included).
  const score = composeSong(request);
  // The continuation streams as it renders (with joinAt's crossfade), not once the song is made.
  const songLength = songFrames(score, context.sampleRate);
  const fade = Math.max(
    0,
    Math.min(frameAt(audio, JOIN_FADE_SECONDS), frameCount(audio) - at, songLength - at),
  );
  const song = await renderSong(context.threads, score, context.sampleRate, {
    signal: context.signal,
    ...(source.score ? { gainsFrom: source.score } : {}),
    onProgress: spliceStream({
      source: audio,
      offset: 0,
      join: at,
      fade,
      end: songLength,
      onProgress: context.onProgress,
    }),
  });
  const mix = joinAt(audio, song.mix, at, frameAt(song.mix, JOIN_FADE_SECONDS));
  progressInChunks(mix, context.onProgress, at);
  return { mix, stems: song.stems, alignedWords: song.alignedWords, score };
}

export async function infillTask(context: TaskContext): Promise<SongAudio> {
  const source = sourceOf(context);
  const range = context.request.infill;
  if (!range) throw new Error("Replace Section needs the range to replace");
  const audio = toStereo(source.audio);
  const from = frameAt(audio, range.start);
  progressInChunks(audio, context.onProgress, 0, from);
  const request = await withAnalysis(context);
  const score = composeSong(request);
  const offset = source.score ? 0 : barOffsetFrames(request, score, context.sampleRate);
  const fade = frameAt(audio, JOIN_FADE_SECONDS);
  const to = frameAt(audio, range.end);
  // The range streams as it renders, with replaceRange's opening crossfade; its closing one and
  // the rest come with the finished mix.
  const join = Math.max(0, Math.min(from, frameCount(audio)));
  const joinEnd = Math.max(join, Math.min(to, frameCount(audio)));
  const edgeFade = Math.min(fade, Math.floor((joinEnd - join) / 2));
  const song = await renderSong(context.threads, score, context.sampleRate, {
    signal: context.signal,
    ...(source.score ? { gainsFrom: source.score } : {}),
    onProgress: spliceStream({
      source: audio,
      offset,
      join,
      fade: edgeFade,
      end: joinEnd - edgeFade,
      onProgress: context.onProgress,
    }),
  });
  const replacement = placed(song.mix, offset, frameCount(audio));
  const mix = replaceRange(audio, replacement, from, to, fade);
  progressInChunks(mix, context.onProgress, from);
  return { mix, stems: song.stems, alignedWords: song.alignedWords, score: source.score ? score : null };
}

/** Underpainting renders the band under the source's singer, overpainting a singer over its band. */
export async function paintTask(context: TaskContext): Promise<SongAudio> {
  const source = sourceOf(context);
  const request = await withAnalysis(context);
  const under = request.task === "underpainting";
  const score = composeSong(request);
  const audio = toStereo(source.audio);
  const length = frameCount(audio);
  const offset = source.score ? 0 : barOffsetFrames(request, score, context.sampleRate);
  const stems: StemName[] = under ? ["drums", "bass", "chords", "lead"] : ["vocals"];
  const song = await renderSong(context.threads, score, context.sampleRate, {
    stems,
    bed: { audio, offset },
    onProgress: context.onProgress,
    signal: context.signal,
  });
  const stemsOut = song.stems.map(({ name, audio: stem }) => ({ name, audio: placed(stem, offset, length) }));
  // Under underpainting the source is the singer: with it as the vocals, the stems sum to the premaster.
  if (under) stemsOut.push({ name: "vocals", audio });
  return {
    mix: song.mix,
    stems: stemsOut,
    alignedWords: song.alignedWords.map((word) => ({
      ...word,
      start_s: word.start_s + offset / context.sampleRate,
      end_s: word.end_s + offset / context.sampleRate,
    })),
    score: source.score ? score : null,
  };
}

/** A stem name as a client may send it: one of the five, or "instrumental" (all but the vocals). */
function requestedStems(stem: string | null): StemName[] {
  const name = (stem ?? "").trim().toLowerCase();
  if (name === "instrumental") return ["drums", "bass", "chords", "lead"];
  const found = STEM_NAMES.find((known) => known === name);
  if (!found)
    throw new Error(`Unknown stem: ${stem ?? "(none)"}; stems are ${STEM_NAMES.join(", ")} and instrumental`);
  return [found];
}

/** A stem of a scored source, re-rendered from its score: the stem itself is the clip's audio. */
export async function stemTask(context: TaskContext): Promise<SongAudio> {
  const source = sourceOf(context);
  if (!source.score) throw new Error("Stems can be made only of songs made by the generator");
  const wanted = requestedStems(context.request.stem);
  const score = source.score;
  const song = await renderSong(context.threads, score, context.sampleRate, {
    stems: wanted,
    master: false,
    onProgress: context.onProgress,
    signal: context.signal,
  });
  return { mix: song.mix, stems: song.stems, alignedWords: song.alignedWords, score };
}

export async function createTask(context: TaskContext): Promise<SongAudio> {
  const request = await withAnalysis(context);
  const score = composeSong(request);
  const song = await renderSong(context.threads, score, context.sampleRate, {
    signal: context.signal,
    onProgress: context.onProgress,
  });
  return { mix: song.mix, stems: song.stems, alignedWords: song.alignedWords, score };
}
