// A tempo-only speed change split across threads: the song is cut into consecutive chunks, each
// stretched on its own with some audio either side (so the stretcher has settled by the chunk's own
// start and has material past its end), and the stretched chunks are joined by crossfades over the
// overlap, where both describe the same moment. The stretcher maps input frame n to output frame
// n * stretch, so every chunk's output lines up with the whole song's without shifting.
import type { PcmAudio } from "../song-request.ts";
import type { GeneratorThreads } from "../workers/generator-threads.ts";
import { crossfade, frameCount, sliceAudio } from "./splice.ts";

/** Input frames [from, to) of a chunk, stretched from [padFrom, padTo). */
export interface StretchChunk {
  readonly from: number;
  readonly to: number;
  readonly padFrom: number;
  readonly padTo: number;
}

/** Audio each side of a chunk: several of the stretcher's analysis windows, so its start-up is past. */
export const CHUNK_PAD_SECONDS = 0.5;
/** The crossfade at each join: long enough to blend two phase-vocoder renderings of the same sound. */
export const CHUNK_JOIN_SECONDS = 0.04;
/** Below this length a song is stretched in one piece: the padding would cost more than it saves. */
export const MIN_CHUNK_SECONDS = 10;

/** `count` chunks of about equal length covering `frames` (fewer when they would be shorter than the minimum). */
export function stretchChunks(frames: number, count: number, sampleRate: number): StretchChunk[] {
  const pieces = Math.max(1, Math.min(count, Math.floor(frames / (MIN_CHUNK_SECONDS * sampleRate))));
  const pad = Math.round(CHUNK_PAD_SECONDS * sampleRate);
  return Array.from({ length: pieces }, (_, k) => {
    const from = Math.round((k * frames) / pieces);
    const to = Math.round(((k + 1) * frames) / pieces);
    return { from, to, padFrom: Math.max(0, from - pad), padTo: Math.min(frames, to + pad) };
  });
}

/**
 * The stretched chunks (each the stretch of its padded range) as one output of
 * round(frames * stretch) frames, the length the stretcher gives the whole: each join an equal-power
 * crossfade of CHUNK_JOIN_SECONDS centred on it.
 */
export function joinStretched(
  chunks: readonly StretchChunk[],
  stretched: readonly PcmAudio[],
  frames: number,
  stretch: number,
): PcmAudio {
  const sampleRate = stretched[0]?.sampleRate ?? 48_000;
  const channelCount = stretched[0]?.channels.length ?? 0;
  const total = Math.round(frames * stretch);
  const out = Array.from({ length: channelCount }, () => new Float32Array(total));
  const half = Math.round((CHUNK_JOIN_SECONDS * sampleRate) / 2);
  /** Where chunk k's output starts in the whole song's output. */
  const offsetOf = (k: number) => Math.round(chunks[k].padFrom * stretch);
  const edges = chunks.map((chunk) => Math.min(total, Math.round(chunk.to * stretch)));
  let start = 0;
  chunks.forEach((_, k) => {
    const end = edges[k];
    const offset = offsetOf(k);
    for (let c = 0; c < channelCount; c++) {
      const channel = stretched[k].channels[c];
      out[c].set(channel.subarray(start - offset, Math.min(channel.length, end - offset)), start);
    }
    start = end;
  });
  for (let k = 0; k + 1 < chunks.length; k++) {
    const at = edges[k];
    const from = Math.max(0, at - half);
    const to = Math.min(total, at + half);
    const window = (audio: PcmAudio, offset: number) =>
      audio.channels.map((channel) => {
        const part = new Float32Array(to - from);
        const a = Math.max(0, from - offset);
        const b = Math.min(channel.length, to - offset);
        if (b > a) part.set(channel.subarray(a, b), a + offset - from);
        return part;
      });
    const target = out.map((channel) => channel.subarray(from, to));
    crossfade(
      target,
      window(stretched[k], offsetOf(k)),
      window(stretched[k + 1], offsetOf(k + 1)),
      0,
      to - from,
    );
  }
  return { sampleRate, channels: out };
}

/**
 * The audio `multiplier` times as fast, on the generator's threads. Tempo only, a long song is
 * stretched in chunks on all of them at once and joined; with the pitch, a resample is quick in one piece.
 */
export async function speedOnThreads(
  threads: GeneratorThreads,
  audio: PcmAudio,
  multiplier: number,
  keepPitch: boolean,
  signal: AbortSignal,
): Promise<PcmAudio> {
  const frames = frameCount(audio);
  const chunks = keepPitch ? stretchChunks(frames, threads.size, audio.sampleRate) : [];
  if (chunks.length <= 1) return threads.speed(audio, multiplier, keepPitch, signal);
  const stretched = await Promise.all(
    chunks.map((chunk) =>
      threads.speed(sliceAudio(audio, chunk.padFrom, chunk.padTo), multiplier, true, signal),
    ),
  );
  return joinStretched(chunks, stretched, frames, 1 / multiplier);
}
