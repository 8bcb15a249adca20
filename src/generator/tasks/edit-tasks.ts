// Edit mode's actions on a song's own audio: crop (keep or remove a range), fade-out, and speed
// (tempo only through the stretcher, or with the pitch through a resample) over the whole song or
// a range of it. Nothing is composed. The edits send no streaming progress: each takes well under
// the time a listener would wait, and the clip appears once, complete.
import type { Score } from "../score.ts";
import type { SongRequest } from "../song-request.ts";
import {
  cropRanges,
  fadeOutEnd,
  fadeOutTarget,
  pcmTarget,
  rangeFrames,
  type Segment,
  spliceSegments,
} from "./edit-audio.ts";
import { croppedBeats, type EditedBeats, fadedBeats, spedUpBeats } from "./edit-beats.ts";
import { ON_REQUEST, type SongAudio, type SongParts } from "./song-outputs.ts";
import { frameCount, sliceAudio, toStereo } from "./splice.ts";
import { speedOnThreads } from "./stretch-chunks.ts";
import { sourceOf, type TaskContext } from "./task-context.ts";

function editOf(context: TaskContext) {
  const edit = context.request.edit;
  if (!edit) throw new Error(`The ${context.request.task} task needs its edit`);
  return edit;
}

/**
 * The edited song. Its beats: the score's when it kept one, else the source's moved with the audio
 * (`beats`), else none now when the source was never analysed either (found when first asked for, as
 * the source's would be), else analysed afresh (a speed change over a range moves beats unevenly).
 */
export function song<M>(
  request: SongRequest,
  mix: M,
  score: Score | null,
  beats: EditedBeats | null,
): SongParts & { readonly mix: M } {
  return {
    mix,
    stems: [],
    alignedWords: [],
    score,
    beats: score ? null : (beats ?? (request.analysis ? null : ON_REQUEST)),
  };
}

/**
 * A crop or a fade as frame ranges of the source kept end to end, then a fade-out, with what the
 * result keeps of the source's score and beats: one rule for decoded audio and for stored bytes.
 */
export interface EditCut {
  readonly ranges: readonly { readonly from: number; readonly to: number }[];
  readonly fadeOutFrames: number;
  readonly score: Score | null;
  readonly beats: EditedBeats | null;
}

/** The cut of a crop or fade task on a source of `frames` frames at the task's rate. */
export function editCut(request: SongRequest, frames: number, rate: number): EditCut {
  const source = request.source;
  if (!source) throw new Error(`The ${request.task} task needs a source clip`);
  const edit = request.edit;
  if (!edit) throw new Error(`The ${request.task} task needs its edit`);
  const analysis = request.analysis;
  const fadeOutFrames = Math.round(edit.fadeOutSeconds * rate);
  if (request.task === "edit_fade") {
    const beats = analysis ? fadedBeats(analysis, frames / rate) : null;
    return { ranges: [{ from: 0, to: frames }], fadeOutFrames, score: source.score, beats };
  }
  if (!edit.range) throw new Error("Crop needs the range to keep or remove");
  const { from, to } = rangeFrames(frames, rate, edit.range.start, edit.range.end);
  if (to <= from) throw new Error("The crop range is empty");
  const ranges = cropRanges(frames, from, to, edit.remove);
  if (ranges.length === 0) throw new Error("Nothing of the song is left after the crop");
  // Kept from the start, the song's score still describes it; otherwise its beats are found again.
  const score = !edit.remove && from === 0 ? source.score : null;
  const beats = analysis ? croppedBeats(analysis, from / rate, to / rate, edit.remove) : null;
  return { ranges, fadeOutFrames, score, beats };
}

/** Crop and fade on decoded audio. */
export function cutTask(context: TaskContext): SongAudio {
  const audio = toStereo(sourceOf(context).audio);
  const cut = editCut(context.request, frameCount(audio), audio.sampleRate);
  const mix = spliceSegments(cut.ranges.map((range) => ({ audio, ...range })));
  if (cut.fadeOutFrames > 0) fadeOutTarget(pcmTarget(mix.channels), cut.fadeOutFrames);
  return song(context.request, mix, cut.score, cut.beats);
}

export async function editSpeedTask(context: TaskContext): Promise<SongAudio> {
  const source = sourceOf(context);
  const edit = editOf(context);
  const speed = context.request.speed;
  if (!speed) throw new Error("Speed needs a speed factor");
  const audio = toStereo(source.audio);
  const frames = frameCount(audio);
  const { from, to } = edit.range
    ? rangeFrames(frames, audio.sampleRate, edit.range.start, edit.range.end)
    : { from: 0, to: frames };
  if (to <= from) throw new Error("The speed range is empty");
  // The range with a little audio around it, so the joins can crossfade into material of both sides.
  const pad = Math.round(0.05 * audio.sampleRate);
  const padFrom = Math.max(0, from - pad);
  const padTo = Math.min(frames, to + pad);
  const changed = await speedOnThreads(
    context.threads,
    sliceAudio(audio, padFrom, padTo),
    speed.multiplier,
    speed.keepPitch,
    context.signal,
  );
  const length = frameCount(changed);
  const at = (frame: number) => Math.min(length, Math.round((frame - padFrom) / speed.multiplier));
  const segments: Segment[] = [
    { audio, from: 0, to: from },
    { audio: changed, from: at(from), to: at(to) },
    { audio, from: to, to: frames },
  ];
  const mix = spliceSegments(segments.filter((segment) => segment.to > segment.from));
  // The whole song at a new tempo, pitch kept: the same notes, scaled. Otherwise its beats are found again.
  const whole = from === 0 && to === frames;
  const score =
    whole && speed.keepPitch && source.score
      ? { ...source.score, bpm: source.score.bpm * speed.multiplier }
      : null;
  // Beats carry over only where every beat moved by the same factor: the whole song's speed.
  const analysis = context.request.analysis;
  const beats = whole && analysis ? spedUpBeats(analysis, speed.multiplier) : null;
  return song(context.request, fadeOutEnd(mix, edit.fadeOutSeconds), score, beats);
}
