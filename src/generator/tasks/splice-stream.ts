// A splice (an infill's range, an extend's continuation) streamed while its new audio renders, so
// the first seconds of the new material are heard long before the whole song is made.
import type { GenerationProgress } from "../generator.ts";
import type { PcmAudio } from "../song-request.ts";
import { crossfade, frameCount, sliceAudio } from "./splice.ts";

export interface SpliceStreamOptions {
  /** The audio spliced into (stereo), in the result's timeline. */
  readonly source: PcmAudio;
  /** Where the rendered song's frame 0 lies in the result's timeline (before it: silence). */
  readonly offset: number;
  /** The result's first frame made from the new audio. */
  readonly join: number;
  /** Frames after the join that crossfade from the source to the new audio. */
  readonly fade: number;
  /** Frames from here on are sent with the finished result, not streamed. */
  readonly end: number;
  readonly onProgress: (progress: GenerationProgress) => void;
}

/**
 * Takes the rendered song's chunks (in order, in the song's own timeline) and hands on each frame
 * of the result from the join as soon as its value is final: the crossfade after the join once the
 * new audio covers it, then the new audio as far as it has rendered, up to `end` (an infill's
 * closing crossfade needs new audio past it). Each frame comes out exactly as the finished splice
 * has it (the same crossfade on the same samples), so the finished mix sent afterwards only adds
 * what was not streamed yet.
 */
export function spliceStream(options: SpliceStreamOptions): (progress: GenerationProgress) => void {
  const { source, offset, join, fade, end, onProgress } = options;
  const { sampleRate } = source;
  /** New audio collected from `sent` on, not handed on yet. */
  let pending: PcmAudio[] = [];
  let collected = join;
  let sent = join;
  return ({ chunk, atSeconds }) => {
    const at = Math.round(atSeconds * sampleRate) + offset;
    const to = Math.min(at + frameCount(chunk), end);
    // Before the song's first frame the new audio is silence.
    if (at > collected) {
      const gap = Math.min(at, end);
      if (gap > collected) pending.push(sliceAudio(chunk, collected - at, gap - at));
      collected = Math.max(collected, gap);
    }
    if (to > collected) {
      pending.push(sliceAudio(chunk, collected - at, to - at));
      collected = to;
    }
    if (collected < join + fade || collected <= sent) return;
    const length = collected - sent;
    const channels = [new Float32Array(length), new Float32Array(length)];
    let written = 0;
    for (const piece of pending) {
      for (let c = 0; c < 2; c++)
        channels[c].set(piece.channels[Math.min(c, piece.channels.length - 1)], written);
      written += frameCount(piece);
    }
    if (sent === join && fade > 0) {
      const outgoing = source.channels.map((channel) => channel.subarray(join, join + fade));
      crossfade(channels, outgoing, channels, 0, fade);
    }
    onProgress({ chunk: { sampleRate, channels }, atSeconds: sent / sampleRate });
    pending = [];
    sent = collected;
  };
}
