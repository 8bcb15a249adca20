// Edit mode's crop and fade on a song kept as a 16-bit PCM WAV, without decoding it: the kept ranges
// are copied as bytes, and only the few windows a splice changes (the join crossfades, the declick
// ramps and the fade-out) are decoded, processed by the same rules as decoded audio, and encoded
// again. Samples the edit leaves alone keep their bytes exactly; a 3-minute song is a copy of
// tens of megabytes instead of a decode, a copy and a dithered encode of every sample.
import { pcm16Layout, wavHeader, writePcm16 } from "../../shared/audio/wav.ts";
import { declickJoins, fadeOutTarget, type SpliceSource, type SpliceTarget } from "./edit-audio.ts";

/** Interleaved 16-bit samples in the host's byte order. */
export interface Pcm16Audio {
  readonly sampleRate: number;
  readonly channelCount: number;
  readonly samples: Int16Array;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * A 16-bit PCM WAV's samples as they are stored (a view, or a copy when they are not aligned), or
 * null for another format or a big-endian host (whose bytes would need swapping: decode instead).
 */
export function pcm16Audio(bytes: Uint8Array): Pcm16Audio | null {
  const layout = pcm16Layout(bytes);
  if (!layout || !LITTLE_ENDIAN) return null;
  const { sampleRate, channelCount, dataOffset, frames } = layout;
  const start = bytes.byteOffset + dataOffset;
  const length = frames * channelCount;
  const samples =
    start % 2 === 0
      ? new Int16Array(bytes.buffer, start, length)
      : new Int16Array(bytes.slice(dataOffset, dataOffset + 2 * length).buffer);
  return { sampleRate, channelCount, samples };
}

export const pcm16Frames = (audio: Pcm16Audio) => audio.samples.length / audio.channelCount;

/** Frames [from, to) of interleaved samples as float channels; frames outside read as silence. */
function decodeWindow(samples: Int16Array, channelCount: number, from: number, to: number): Float32Array[] {
  const frames = samples.length / channelCount;
  const channels = Array.from({ length: channelCount }, () => new Float32Array(Math.max(0, to - from)));
  for (let n = Math.max(0, from); n < Math.min(to, frames); n++) {
    for (let c = 0; c < channelCount; c++) channels[c][n - from] = samples[n * channelCount + c] / 32768;
  }
  return channels;
}

const pcm16Source = (audio: Pcm16Audio): SpliceSource => ({
  frames: pcm16Frames(audio),
  window: (from, to) => decodeWindow(audio.samples, audio.channelCount, from, to),
});

/** Windows read decoded and written back encoded (samples still on the 16-bit grid keep their value). */
function pcm16Target(samples: Int16Array, channelCount: number): SpliceTarget {
  return {
    frames: samples.length / channelCount,
    read: (from, to) => decodeWindow(samples, channelCount, from, to),
    write: (from, window) => writePcm16(window, samples, from, { keepGridSamples: true }),
  };
}

/**
 * The frame ranges of `audio` end to end, joined and declicked like `spliceSegments`, with the last
 * `fadeOutFrames` faded out: a complete 16-bit WAV file.
 */
export function splicePcm16(
  audio: Pcm16Audio,
  ranges: readonly { readonly from: number; readonly to: number }[],
  fadeOutFrames: number,
): Uint8Array {
  const { channelCount, samples } = audio;
  const total = ranges.reduce((sum, range) => sum + (range.to - range.from), 0);
  const file = new Uint8Array(44 + 2 * total * channelCount);
  file.set(wavHeader("pcm16", channelCount, audio.sampleRate, 2 * total * channelCount));
  const out = new Int16Array(file.buffer, 44, total * channelCount);
  let at = 0;
  for (const { from, to } of ranges) {
    out.set(samples.subarray(from * channelCount, to * channelCount), at * channelCount);
    at += to - from;
  }
  const source = pcm16Source(audio);
  const target = pcm16Target(out, channelCount);
  declickJoins(
    ranges.map((range) => ({ source, ...range })),
    target,
    audio.sampleRate,
  );
  if (fadeOutFrames > 0) fadeOutTarget(target, fadeOutFrames);
  return file;
}
