// Edit mode's actions on a song's own audio: crop (keep or remove a range), fade-out, and speed
// (tempo only through the stretcher, or with the pitch through a resample) over the whole song or
// a range of it. Nothing is composed. The edits send no streaming progress: each takes well under
// the time a listener would wait, and the clip appears once, complete.
import type { Score } from "../score.ts";
import { cropAudio, fadeOutEnd, rangeFrames, type Segment, spliceSegments } from "./edit-audio.ts";
import { croppedBeats, type EditedBeats, fadedBeats, spedUpBeats } from "./edit-beats.ts";
import { ON_REQUEST, type SongAudio } from "./song-outputs.ts";
import { frameCount, sliceAudio, toStereo } from "./splice.ts";
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
function song(context: TaskContext, mix: SongAudio["mix"], score: Score | null, beats: EditedBeats | null) {
  const audio: SongAudio = {
    mix,
    stems: [],
    alignedWords: [],
    score,
    beats: score ? null : (beats ?? (context.request.analysis ? null : ON_REQUEST)),
  };
  return audio;
}

export function cropTask(context: TaskContext): SongAudio {
  const source = sourceOf(context);
  const edit = editOf(context);
  if (!edit.range) throw new Error("Crop needs the range to keep or remove");
  const audio = toStereo(source.audio);
  const { from, to } = rangeFrames(audio, edit.range.start, edit.range.end);
  if (to <= from) throw new Error("The crop range is empty");
  const cropped = cropAudio(audio, from, to, edit.remove);
  if (frameCount(cropped) === 0) throw new Error("Nothing of the song is left after the crop");
  // Kept from the start, the song's score still describes it; otherwise its beats are found again.
  const score = !edit.remove && from === 0 ? source.score : null;
  const rate = audio.sampleRate;
  const analysis = context.request.analysis;
  const beats = analysis ? croppedBeats(analysis, from / rate, to / rate, edit.remove) : null;
  return song(context, fadeOutEnd(cropped, edit.fadeOutSeconds), score, beats);
}

export function fadeTask(context: TaskContext): SongAudio {
  const source = sourceOf(context);
  const edit = editOf(context);
  const audio = toStereo(source.audio);
  const analysis = context.request.analysis;
  const beats = analysis ? fadedBeats(analysis, frameCount(audio) / audio.sampleRate) : null;
  return song(context, fadeOutEnd(audio, edit.fadeOutSeconds), source.score, beats);
}

export async function editSpeedTask(context: TaskContext): Promise<SongAudio> {
  const source = sourceOf(context);
  const edit = editOf(context);
  const speed = context.request.speed;
  if (!speed) throw new Error("Speed needs a speed factor");
  const audio = toStereo(source.audio);
  const frames = frameCount(audio);
  const { from, to } = edit.range
    ? rangeFrames(audio, edit.range.start, edit.range.end)
    : { from: 0, to: frames };
  if (to <= from) throw new Error("The speed range is empty");
  // The range with a little audio around it, so the joins can crossfade into material of both sides.
  const pad = Math.round(0.05 * audio.sampleRate);
  const padFrom = Math.max(0, from - pad);
  const padTo = Math.min(frames, to + pad);
  const changed = await context.threads.speed(
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
  return song(context, fadeOutEnd(mix, edit.fadeOutSeconds), score, beats);
}
